import type { Review } from '@vitrine/api-client';
import { ROUTER_FUTURE } from '@vitrine/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useFeaturedReviews } from '../../features/reviews/api/get-reviews';
import AboutPage from './AboutPage';

jest.mock('../site-settings', () => ({
  useSiteSettings: () => ({
    data: { companyName: 'Vitrine', about: 'A family of weavers.', journey: '', figures: [] },
    error: null,
    isFetching: false,
    refetch: jest.fn(),
  }),
}));
jest.mock('../../features/products/api/get-products', () => ({
  useProducts: () => ({ data: [], error: null, isFetching: false, refetch: jest.fn() }),
}));
jest.mock('../../features/reviews/api/get-reviews', () => ({ useFeaturedReviews: jest.fn() }));

function renderAbout(reviews: Partial<Review>[]) {
  jest
    .mocked(useFeaturedReviews)
    .mockReturnValue({ data: reviews, error: null, isFetching: false } as never);
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <AboutPage />
    </MemoryRouter>,
  );
}

describe('the About page', () => {
  it('shows what the featured clients say, in the order given', () => {
    renderAbout([
      { _id: 'r2', ClientName: 'Meera', ClientReview: 'The linen drapes beautifully.' },
      { _id: 'r1', ClientName: 'Arjun', ClientReview: 'Our kitchen came out just right.' },
    ]);
    const reviews = screen.getByRole('region', { name: 'What clients say' });
    expect(
      within(reviews)
        .getAllByRole('figure')
        .map((quote) => quote.querySelector('figcaption')?.textContent),
    ).toEqual(['Meera', 'Arjun']);
  });

  it('leaves the reviews out when none is featured', () => {
    renderAbout([]);
    expect(screen.queryByRole('region', { name: 'What clients say' })).not.toBeInTheDocument();
  });
});
