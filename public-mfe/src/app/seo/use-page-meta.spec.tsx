import { ROUTER_FUTURE } from '@vitrine/contracts';
import type { SiteSettings } from '@vitrine/api-client';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Link } from '../../lib/links';
import type { PageHead } from './page-head';
import { PageHeadContext, usePageMeta } from './use-page-meta';

const settings = {
  companyName: 'Vitrine',
  tagline: 'Handloom fabrics',
  social: [],
} as unknown as SiteSettings;

function Gallery() {
  usePageMeta({ page: 'gallery', images: [] }, settings);
  return <Link to="/reviews">Reviews</Link>;
}

function Reviews() {
  usePageMeta({ page: 'reviews', reviews: [] }, settings);
  return <p>Reviews</p>;
}

function Site() {
  return (
    <Routes>
      <Route path="/gallery" element={<Gallery />} />
      <Route path="/reviews" element={<Reviews />} />
    </Routes>
  );
}

describe('usePageMeta', () => {
  it('changes the title, description and canonical URL on client-side navigation', () => {
    render(
      <MemoryRouter initialEntries={['/gallery']} future={ROUTER_FUTURE}>
        <Site />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Gallery | Vitrine');
    const canonical = () => document.head.querySelector('link[rel="canonical"]');
    expect(canonical()).toHaveAttribute('href', `${window.location.origin}/gallery`);

    act(() => screen.getByRole('link', { name: 'Reviews' }).click());
    expect(document.title).toBe('Client reviews | Vitrine');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'What clients say about Vitrine, in their own words.',
    );
    expect(canonical()).toHaveAttribute('href', `${window.location.origin}/reviews`);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
  });

  it("hands a server render the page's head, with the site's public address", () => {
    const heads: PageHead[] = [];
    renderToString(
      <PageHeadContext.Provider
        value={{ siteUrl: 'https://vitrine.example', onHead: (head) => heads.push(head) }}
      >
        <MemoryRouter initialEntries={['/reviews']} future={ROUTER_FUTURE}>
          <Site />
        </MemoryRouter>
      </PageHeadContext.Provider>,
    );
    expect(heads.at(-1)).toMatchObject({
      title: 'Client reviews | Vitrine',
      canonical: 'https://vitrine.example/reviews',
    });
  });
});
