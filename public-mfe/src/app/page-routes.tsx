import type { RouteObject } from 'react-router-dom';
import { lazyPage, type PageModule } from '../lib/lazy-page';
import { Redirect } from '../lib/server-response';
import { HomePage, loader as homeLoader } from './routes/home/HomePage';
import { NotFoundPage } from './routes/NotFoundPage';
import { siteLoader } from './site-settings';

// Home is the landing page and ships with the remote; every other page is its own chunk,
// fetched when first visited. A chunk is named as its key here (the comment is webpack's), so
// a server render knows whose styles the page needs.
const LAZY_PAGES = {
  about: () => import(/* webpackChunkName: "about" */ './routes/AboutPage'),
  gallery: () => import(/* webpackChunkName: "gallery" */ './routes/GalleryPage'),
  products: () => import(/* webpackChunkName: "products" */ './routes/ProductsPage'),
  product: () => import(/* webpackChunkName: "product" */ './routes/ProductPage'),
  'legacy-product': () =>
    import(/* webpackChunkName: "legacy-product" */ './routes/LegacyProductPage'),
  services: () => import(/* webpackChunkName: "services" */ './routes/ServicesPage'),
  service: () => import(/* webpackChunkName: "service" */ './routes/ServicePage'),
  contact: () => import(/* webpackChunkName: "contact" */ './routes/ContactPage'),
  reviews: () => import(/* webpackChunkName: "reviews" */ './routes/ReviewsPage'),
  privacy: () => import(/* webpackChunkName: "privacy" */ './routes/PrivacyPage'),
  login: () => import(/* webpackChunkName: "login" */ './routes/LoginPage'),
  preview: () => import(/* webpackChunkName: "preview" */ './routes/PreviewPage'),
  'shared-preview': () =>
    import(/* webpackChunkName: "shared-preview" */ './routes/SharedPreviewPage'),
} satisfies Record<string, () => Promise<PageModule>>;

/** A lazy page's `element` and `loader`, from its chunk. */
const page = (chunk: keyof typeof LAZY_PAGES) => lazyPage(chunk, LAZY_PAGES[chunk]);

/**
 * The public site's routes, relative to where the shell mounts the remote. Each page that
 * shows data has a loader, built from its features' `queryOptions`; the root's loads the site
 * settings every page shows. A server render runs the loaders of the routes an address
 * matches, then renders (server/render.tsx); the browser only draws the elements.
 */
export const PAGE_ROUTES: RouteObject[] = [
  {
    loader: siteLoader,
    children: [
      { index: true, element: <HomePage />, loader: homeLoader },
      { path: 'about', ...page('about') },
      { path: 'gallery', ...page('gallery') },
      { path: 'product', ...page('products') },
      { path: 'singleproject', ...page('legacy-product') },
      { path: 'singleproject/:slug', ...page('product') },
      { path: 'service', ...page('services') },
      { path: 'singleservice/:slug', ...page('service') },
      { path: 'contact-us', ...page('contact') },
      { path: 'reviews', ...page('reviews') },
      { path: 'privacy', ...page('privacy') },
      { path: 'login', ...page('login') },
      { path: 'preview/:token', ...page('preview') },
      { path: 'preview/share/:token', ...page('shared-preview') },
      // Old and truncated addresses people may still have.
      { path: 'contact', element: <Redirect to="/contact-us" /> },
      { path: 'singleservice', element: <Redirect to="/service" /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
