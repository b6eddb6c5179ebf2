/**
 * What the shell loads from the remotes (issue 32): the contract both sides type against, so
 * that a remote that stops exporting what the shell imports fails its type check in CI,
 * not the visitors' pages. Each remote states it in `src/remote-contract.ts`.
 */

/** `<remote>/Module`: the area's root component, its default export. */
export interface RemoteModule {
  // A React component; typed loosely so that this library needs no React.
  default: (props: Record<string, never>) => unknown;
}

/** `<remote>/Version`: which build is deployed. */
export interface RemoteVersionModule {
  name: string;
  version: string;
}

/** What the shell gives `public_mfe/ssr`'s render(). */
export interface SsrRenderOptions {
  /** Where the server reaches the API (not necessarily the browser's address for it). */
  apiUrl: string;
  /** The remote's browser build's address (ending in /): where its files (video, logo) are. */
  assetBase: string;
  /** The site's public address (SITE_URL): canonical URLs, og:url and og:image are on it. */
  siteUrl: string;
  /**
   * The API's content version, when the caller knows it (every save changes it): the API's
   * answers read for one page are kept for the next while it stands.
   */
  contentVersion?: string;
  /** Aborted when the caller gives up (its time budget ran out): the render stops. */
  signal?: AbortSignal;
}

/** What render() answers: a page, or where the address belongs. */
export interface SsrRenderResult {
  /** 200, or 404 for an unknown product or service. */
  status: number;
  /** Set when the address belongs elsewhere (an unknown path goes to `/`). */
  redirect?: string;
  /** 301 when it moved for good (a product's earlier slug), else 302. */
  redirectStatus?: 301 | 302;
  /** The markup of the page, to go inside the shell's root element. */
  html: string;
  /** The query answers the page was rendered with, for the browser to hydrate from. */
  state: unknown;
  /** The page's <title> text, as the browser's would be. */
  title: string;
  /** The rest of the page's head: description, canonical URL, Open Graph, Twitter, JSON-LD. */
  head: string;
  /** `<html lang>`. */
  lang: string;
  /** The named chunks of the pages shown (the shell puts their stylesheets in the page). */
  chunks: string[];
}

/** `public_mfe/ssr`: the public site's server entry. */
export interface SsrModule {
  render(url: string, options: SsrRenderOptions): Promise<SsrRenderResult>;
}
