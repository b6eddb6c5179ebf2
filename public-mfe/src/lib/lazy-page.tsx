import { type ComponentType, lazy, type ReactElement } from 'react';
import type { LoaderFunction } from 'react-router-dom';
import type { LoaderContext } from './page-loader';
import { useServerChunk } from './server-response';

/** A page's module: the page, and the loader of what it shows if it shows any data. */
export interface PageModule {
  default: ComponentType;
  loader?: LoaderFunction<LoaderContext>;
}

/**
 * A page loaded when first visited, from the chunk that `load`'s import names `chunk`
 * (`import(/* webpackChunkName: "gallery" *\/ './GalleryPage')`), as a route's `element`
 * and `loader`: the loader brings the chunk and runs the page's own. A server render records
 * the chunk, so the page it sends carries that chunk's styles and not every other page's.
 */
export function lazyPage(
  chunk: string,
  load: () => Promise<PageModule>,
): { element: ReactElement; loader: LoaderFunction<LoaderContext> } {
  const Page = lazy(load);
  function LazyPage() {
    useServerChunk(chunk);
    return <Page />;
  }
  return {
    element: <LazyPage />,
    loader: async (args) => {
      const page = await load();
      return page.loader ? page.loader(args) : null;
    },
  };
}
