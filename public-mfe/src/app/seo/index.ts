/**
 * The head of every public page (title, description, canonical URL, Open Graph and Twitter
 * tags, JSON-LD), built from the page's own data by one builder for the server and the browser.
 * The builder has no React in it: the server can call it around its render.
 *
 * Interface (for the SSR server):
 *   pageHead(data: PageData, settings: SiteSettings | undefined, siteUrl: string): PageHead
 *   headTags(head: PageHead): string   // escaped HTML for inside <head>; drop the shell's <title>
 *   head.lang                          // for <html lang>
 * Where the data comes from: every page calls `usePageMeta(data, settings)` (the hook in
 * use-page-meta.ts, beside the builder). Rendered inside `<PageHeadContext.Provider value={{
 * siteUrl, onHead }}>`, that call hands the finished head to `onHead` during render (the last
 * call wins: the page drawn), so the head needs no route table of its own. In the browser it
 * writes the head into the document on every navigation (applyHead).
 */
export { applyHead } from './apply-head';
export { escapeHtml, HEAD_ATTRIBUTE, headTagList, headTags, jsonForScript } from './head-tags';
export type { PageData } from './page-data';
export { type PageHead, pageHead } from './page-head';
export { postalAddress } from './schema-org';
export { type OpenGraphImage, SHARE_IMAGE_WIDTH, shareVariant } from './share-image';
