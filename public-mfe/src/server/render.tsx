// The public site's server entry, exposed by the server build as `public_mfe/ssr`: the shell's
// production server calls render() for a public URL and sends what it returns.
import { createApiClient } from '@vitrine/api-client';
import {
  dehydrate,
  type DehydratedState,
  QueryCache,
  QueryClient,
  type FetchQueryOptions,
} from '@tanstack/react-query';
import { Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import { StaticRouter } from 'react-router-dom/server';
import { ROUTER_FUTURE } from '@vitrine/contracts';
import { App } from '../app/App';
import { headTags, type PageHead } from '../app/seo';
import { createQueryClient } from '../lib/query-client';
import { recordInto, type ServerResponse, ServerResponseContext } from '../lib/server-response';
import { PageHeadContext } from '../app/seo/use-page-meta';

export interface RenderOptions {
  /** Where the server reaches the API (not necessarily the browser's address for it). */
  apiUrl: string;
  /** The remote's browser build's address (ending in /): where its files (video, logo) are. */
  assetBase: string;
  /** The site's public address (SITE_URL): canonical URLs, og:url and og:image are on it. */
  siteUrl: string;
  /**
   * The API's content version, when the caller knows it: answers fetched for one page are
   * reused by the next while it is the same (every save changes it).
   */
  contentVersion?: string;
  /** Aborted when the caller gives up (its time budget ran out): the render stops. */
  signal?: AbortSignal;
}

export interface RenderResult {
  /** 200, or 404 for an unknown product or service. */
  status: number;
  /** Set when the address belongs elsewhere (an unknown path goes to `/`). */
  redirect?: string;
  /** 301 when it moved for good (a product's earlier slug), else 302. */
  redirectStatus?: 301 | 302;
  /** The markup of the page, to go inside the shell's root element. */
  html: string;
  /** The query answers the page was rendered with, for the browser to hydrate from. */
  state: DehydratedState;
  /** The page's <title> text, as the browser's would be. */
  title: string;
  /** The rest of the page's head: description, canonical URL, Open Graph, Twitter, JSON-LD. */
  head: string;
  /** `<html lang>`. */
  lang: string;
  /** The named chunks of the pages shown (the shell puts their stylesheets in the page). */
  chunks: string[];
}

declare const __SERVER_ASSET_PREFIX__: string;

/** The most rounds of "render, fetch what it asked for" before the page is taken as it is. */
const MAX_DATA_ROUNDS = 4;

/**
 * Renders one public page with its data: renders, fetches every query the render asked for
 * (the site settings, the page's own, then those that depend on them), and renders again
 * until nothing new is asked. A query that fails for any reason but 404 fails the render, so
 * the caller can send the client-rendered page instead (the browser shows its error states).
 */
export async function render(url: string, options: RenderOptions): Promise<RenderResult> {
  const api = createApiClient({ baseUrl: options.apiUrl.replace(/\/$/, '') });
  const asked = new Map<string, FetchQueryOptions>();
  // Every query the last render built, enabled or not: what the browser must start from.
  const used = new Set<string>();
  const queryClient = createServerQueryClient(asked, used);
  const known = knownAnswers(options.contentVersion);
  for (const answer of known?.values() ?? []) {
    queryClient.setQueryData(answer.queryKey, answer.data, { updatedAt: answer.updatedAt });
  }
  let html = '';
  let response: ServerResponse = { status: 200 };
  let head: PageHead | undefined;
  // Each page hands its head (built from the data it shows) to this while it renders.
  const collector = { siteUrl: options.siteUrl, onHead: (next: PageHead) => (head = next) };
  for (let round = 0; round < MAX_DATA_ROUNDS; round++) {
    asked.clear();
    used.clear();
    response = { status: 200 };
    head = undefined;
    html = await renderToHtml(
      <ServerResponseContext.Provider value={recordInto(response)}>
        <PageHeadContext.Provider value={collector}>
          <StaticRouter location={url} future={ROUTER_FUTURE}>
            {/* The shell mounts the remote inside a Suspense boundary: the same markers here. */}
            <Suspense fallback={null}>
              <App queryClient={queryClient} apiClient={api} />
            </Suspense>
          </StaticRouter>
        </PageHeadContext.Provider>
      </ServerResponseContext.Provider>,
      options.signal,
    );
    if (response.redirect) break;
    const missing = [...asked.values()].filter((query) => {
      const state = queryClient.getQueryState(query.queryKey);
      return !state || (state.status === 'pending' && state.fetchStatus === 'idle');
    });
    if (missing.length === 0) break;
    await Promise.all(missing.map((query) => queryClient.prefetchQuery(query)));
    const failed = queryClient
      .getQueryCache()
      .getAll()
      .find((query) => query.state.error && query.state.error.status !== 404);
    if (failed) {
      throw new Error(
        `${JSON.stringify(failed.queryKey)} failed: ${failed.state.error?.status} ${failed.state.error?.message}`,
      );
    }
  }
  for (const query of queryClient.getQueryCache().getAll()) {
    if (known && query.state.status === 'success' && !known.has(query.queryHash)) {
      known.set(query.queryHash, {
        queryKey: query.queryKey,
        data: query.state.data,
        updatedAt: query.state.dataUpdatedAt,
      });
    }
  }
  // What the page rendered with, and nothing else the cache knows.
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      used.has(query.queryHash) &&
      (query.state.status === 'success' || query.state.error?.status === 404),
  });
  return {
    status: response.status,
    redirect: response.redirect,
    redirectStatus: response.redirectStatus,
    html: html.replaceAll(__SERVER_ASSET_PREFIX__, options.assetBase),
    state,
    title: head?.title ?? siteName(queryClient),
    // The shell's page has a <title> already: it gets the text, the rest goes after it.
    head: head ? headTags(head).replace(/<title\b[^>]*>[\s\S]*?<\/title>/, '') : '',
    lang: head?.lang ?? 'en',
    chunks: response.chunks ?? [],
  };
}

interface KnownAnswer {
  queryKey: readonly unknown[];
  data: unknown;
  updatedAt: number;
}

let answers: { contentVersion: string; byHash: Map<string, KnownAnswer> } | undefined;

/** The API's answers fetched under this content version (none kept without one). */
function knownAnswers(contentVersion: string | undefined): Map<string, KnownAnswer> | undefined {
  if (!contentVersion) return undefined;
  if (answers?.contentVersion !== contentVersion) answers = { contentVersion, byHash: new Map() };
  return answers.byHash;
}

/**
 * A cache that notes every query a render builds (`used`), and the enabled ones with their
 * options (`asked`), since on a server nothing subscribes and so nothing fetches by itself.
 */
function createServerQueryClient(
  asked: Map<string, FetchQueryOptions>,
  used: Set<string>,
): QueryClient {
  const defaults = createQueryClient().getDefaultOptions();
  const queryCache = new QueryCache();
  const build = queryCache.build.bind(queryCache);
  queryCache.build = ((...args: Parameters<typeof build>) => {
    const query = build(...args);
    const options = args[1] as FetchQueryOptions & { enabled?: unknown };
    used.add(query.queryHash);
    if (options.enabled !== false) asked.set(query.queryHash, options);
    return query;
  }) as typeof build;
  return new QueryClient({
    queryCache,
    defaultOptions: {
      ...defaults,
      // Fetched between renders, never by one: what a round fetched is what the next shows.
      queries: { ...defaults.queries, staleTime: Infinity, retryOnMount: false },
    },
  });
}

function renderToHtml(element: React.ReactNode, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
    });
    sink.on('finish', () => resolve(html));
    const stream = renderToPipeableStream(element, {
      // Crawlers and link previews read the whole page: it is sent when everything is in, in
      // document order, with no boundary moved out to be revealed by an inline script (the
      // site's Content-Security-Policy allows none, and the page is complete anyway).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        // A component that throws is rendered by the browser instead; the page still works.
        if (!signal?.aborted) console.error('[ssr] render error', error);
      },
    });
    signal?.addEventListener('abort', () => {
      stream.abort(signal.reason);
      reject(signal.reason ?? new Error('render aborted'));
    });
  });
}

/** A page that set no head: the site's name. */
function siteName(queryClient: QueryClient): string {
  const settings = queryClient.getQueryData<{ companyName?: string }>(['settings']);
  return settings?.companyName || 'Vitrine';
}
