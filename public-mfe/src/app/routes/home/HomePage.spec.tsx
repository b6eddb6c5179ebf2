import type { Media, ProductCategory, Review, Service, SiteSettings } from '@vitrine/api-client';
import { ROUTER_FUTURE } from '@vitrine/contracts';
import { ToastProvider } from '@vitrine/ui';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useProductCategories } from '../../../features/products/api/get-product-categories';
import { useFeaturedReviews } from '../../../features/reviews/api/get-reviews';
import { useFeaturedServices } from '../../../features/services/api/get-services';
import { siteSettings } from '../../../testing/site-settings';
import { useSiteSettings } from '../../site-settings';
import { HomePage } from './HomePage';

jest.mock('../../site-settings', () => ({
  useSiteSettings: jest.fn(),
}));
jest.mock('../../../features/products/api/get-product-categories', () => ({
  useProductCategories: jest.fn(),
}));
jest.mock('../../../features/products/api/get-products', () => ({
  useProducts: () => ({ data: [], error: null, isFetching: false, refetch: jest.fn() }),
}));
jest.mock('../../../features/services/api/get-services', () => ({
  useFeaturedServices: jest.fn(),
}));
jest.mock('../../../features/reviews/api/get-reviews', () => ({
  useFeaturedReviews: jest.fn(),
}));

/** A query hook's answer as the page reads it. */
const answer = <T,>(data: T) =>
  ({ data, error: null, isFetching: false, refetch: jest.fn() }) as never;

const image = (id: string): Media => ({
  id,
  variants: [
    { width: 640, url: `/uploads/${id}-640.webp` },
    { width: 1920, url: `/uploads/${id}-1920.webp` },
  ],
  width: 1920,
  height: 1080,
  placeholder: '',
});

const category = {
  ProductCategory: 'Cotton',
  media: image('cccccccccccccccccccc'),
} as unknown as ProductCategory;

function renderHome(
  overrides: Partial<SiteSettings> = {},
  featured: { services?: Partial<Service>[]; reviews?: Partial<Review>[] } = {},
) {
  jest.mocked(useSiteSettings).mockReturnValue(answer({ ...siteSettings, ...overrides }));
  jest.mocked(useProductCategories).mockReturnValue(answer([category]));
  jest.mocked(useFeaturedServices).mockReturnValue(answer(featured.services ?? []));
  jest.mocked(useFeaturedReviews).mockReturnValue(answer(featured.reviews ?? []));
  return render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <ToastProvider>
        <HomePage />
      </ToastProvider>
    </MemoryRouter>,
  );
}

const banner = () => screen.getByRole('region', { name: /Woven by hand/ });

describe('the home page', () => {
  it('shows the banner chosen in the settings first, with its library alt text, and its video over it', () => {
    renderHome({
      banner: {
        mediaId: 'bbbbbbbbbbbbbbbbbbbb',
        alt: 'Indigo prints drying in the sun',
        media: image('bbbbbbbbbbbbbbbbbbbb'),
        videoUrl: 'https://cdn.vitrine.example/loom.webm',
      },
    });
    const picture = within(banner()).getByRole('img', { name: 'Indigo prints drying in the sun' });
    expect(picture).toHaveAttribute('src', expect.stringContaining('bbbbbbbbbbbbbbbbbbbb'));
    expect(picture).toHaveAttribute('loading', 'eager');
    expect(picture).toHaveAttribute('fetchpriority', 'high');

    const video = banner().querySelector('video');
    // Over the picture, with no poster: a second download of it at its largest width.
    expect(video?.previousElementSibling).toContainElement(picture);
    expect(video).not.toHaveAttribute('poster');
    expect(video).toHaveAttribute('playsinline');
    expect(video?.muted).toBe(true);
    expect(video?.querySelector('source')).toHaveAttribute(
      'src',
      'https://cdn.vitrine.example/loom.webm',
    );
    expect(video?.querySelector('source')).toHaveAttribute('type', 'video/webm');
  });

  it('shows a banner image chosen alone without any video', () => {
    renderHome({
      banner: {
        mediaId: 'bbbbbbbbbbbbbbbbbbbb',
        alt: 'Indigo prints drying in the sun',
        media: image('bbbbbbbbbbbbbbbbbbbb'),
        videoUrl: '',
      },
    });
    expect(
      within(banner()).getByRole('img', { name: 'Indigo prints drying in the sun' }),
    ).toBeInTheDocument();
    expect(banner().querySelector('video')).toBeNull();
  });

  it('falls back to the first category’s cover under the woven video when no banner is chosen', () => {
    renderHome();
    const picture = banner().querySelector('img');
    expect(picture).toHaveAttribute('src', expect.stringContaining('cccccccccccccccccccc'));
    expect(picture).toHaveAttribute('alt', '');
    expect(banner().querySelector('video')).toBeInTheDocument();
    expect(banner().querySelector('video')).not.toHaveAttribute('poster');
  });

  it('shows the featured services and what featured clients say, in the order given', () => {
    renderHome(
      {},
      {
        services: [
          { _id: 's2', ServiceName: 'Vastu Consultancy', ServiceCategory: 'Vastu', slug: 'vastu' },
          { _id: 's1', ServiceName: 'Courtyards', ServiceCategory: 'Landscape', slug: 'yards' },
        ],
        reviews: [
          { _id: 'r2', ClientName: 'Meera', ClientReview: 'The linen drapes beautifully.' },
          { _id: 'r1', ClientName: 'Arjun', ClientReview: 'Our kitchen came out just right.' },
        ],
      },
    );
    const services = screen.getByRole('region', { name: 'Featured services' });
    expect(
      within(services)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Vastu Consultancy', 'Courtyards']);
    expect(within(services).getByRole('link', { name: 'Vastu Consultancy' })).toHaveAttribute(
      'href',
      '/singleservice/vastu',
    );

    const reviews = screen.getByRole('region', { name: 'What clients say' });
    const quotes = within(reviews).getAllByRole('figure');
    expect(quotes.map((quote) => quote.textContent)).toEqual([
      'The linen drapes beautifully.Meera',
      'Our kitchen came out just right.Arjun',
    ]);
    expect(within(reviews).getByRole('link', { name: 'All reviews' })).toHaveAttribute(
      'href',
      '/reviews',
    );
  });

  it('leaves out the featured services and reviews when none is featured', () => {
    renderHome();
    expect(screen.queryByRole('region', { name: 'Featured services' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'What clients say' })).not.toBeInTheDocument();
  });
});
