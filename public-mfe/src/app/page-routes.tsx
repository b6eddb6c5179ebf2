import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lib/lazy-page';
import { Redirect } from '../lib/server-response';
import { HomePage, loader as homeLoader } from './routes/home/HomePage';
import { NotFoundPage } from './routes/NotFoundPage';
import { siteLoader } from './site-settings';

// Home is the landing page and ships with the remote; every other page is its own chunk,
// fetched when first visited (named, so a server render knows whose styles the page needs).
const AboutPage = lazyPage(
  'about',
  () => import(/* webpackChunkName: "about" */ './routes/AboutPage'),
);
const GalleryPage = lazyPage(
  'gallery',
  () => import(/* webpackChunkName: "gallery" */ './routes/GalleryPage'),
);
const ProductsPage = lazyPage(
  'products',
  () => import(/* webpackChunkName: "products" */ './routes/ProductsPage'),
);
const ProductPage = lazyPage(
  'product',
  () => import(/* webpackChunkName: "product" */ './routes/ProductPage'),
);
const LegacyProductPage = lazyPage(
  'legacy-product',
  () => import(/* webpackChunkName: "legacy-product" */ './routes/LegacyProductPage'),
);
const ServicesPage = lazyPage(
  'services',
  () => import(/* webpackChunkName: "services" */ './routes/ServicesPage'),
);
const ServicePage = lazyPage(
  'service',
  () => import(/* webpackChunkName: "service" */ './routes/ServicePage'),
);
const ContactPage = lazyPage(
  'contact',
  () => import(/* webpackChunkName: "contact" */ './routes/ContactPage'),
);
const ReviewsPage = lazyPage(
  'reviews',
  () => import(/* webpackChunkName: "reviews" */ './routes/ReviewsPage'),
);
const LoginPage = lazyPage(
  'login',
  () => import(/* webpackChunkName: "login" */ './routes/LoginPage'),
);
const PreviewPage = lazyPage(
  'preview',
  () => import(/* webpackChunkName: "preview" */ './routes/PreviewPage'),
);

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
      { path: 'about', ...AboutPage },
      { path: 'gallery', ...GalleryPage },
      { path: 'product', ...ProductsPage },
      { path: 'singleproject', ...LegacyProductPage },
      { path: 'singleproject/:slug', ...ProductPage },
      { path: 'service', ...ServicesPage },
      { path: 'singleservice/:slug', ...ServicePage },
      { path: 'contact-us', ...ContactPage },
      { path: 'reviews', ...ReviewsPage },
      { path: 'login', ...LoginPage },
      { path: 'preview/:token', ...PreviewPage },
      // Old and truncated addresses people may still have.
      { path: 'contact', element: <Redirect to="/contact-us" /> },
      { path: 'singleservice', element: <Redirect to="/service" /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
