import { type ComponentType, lazy } from 'react';
import { useServerChunk } from './server-response';

/**
 * A page loaded when first visited, from the chunk that `load`'s import names `chunk`
 * (`import(/* webpackChunkName: "gallery" *\/ './GalleryPage')`). A server render records
 * the chunk, so the page it sends carries that chunk's styles and not every other page's.
 */
export function lazyPage(chunk: string, load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return function LazyPage() {
    useServerChunk(chunk);
    return <Page />;
  };
}
