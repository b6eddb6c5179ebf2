// The public site's server entry, exposed by the server build as `public_mfe/ssr`: the shell's
// production server calls render() for a public URL and sends what it returns.
import type { ApiClient, ApiError } from '@vitrine/api-client';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import { matchRoutes } from 'react-router-dom';
import { StaticRouter } from 'react-router-dom/server';
import { ROUTER_FUTURE, type SsrRenderOptions, type SsrRenderResult } from '@vitrine/contracts';
import { App } from '../app/App';
import { PAGE_ROUTES } from '../app/page-routes';
import { headTags, type PageHead } from '../app/seo';
import { PageHeadContext } from '../app/seo/use-page-meta';
import { settingsQueryOptions } from '../features/settings/api/get-settings';
import { localizedApi } from '../lib/api-client';
import { loadCatalogue } from '../lib/i18n';
import type { LoaderContext } from '../lib/page-loader';
import { pagePath, siteLanguages } from '../app/site-locale';
import { createServerQueryClient } from '../lib/query-client';
import { recordInto, type ServerResponse, ServerResponseContext } from '../lib/server-response';
import { createKeptAnswers } from './kept-answers';

export type RenderOptions = SsrRenderOptions;

/** A page, with the query answers it was rendered with as TanStack Query dehydrates them. */
export interface RenderResult extends SsrRenderResult {
  state: DehydratedState;
}

declare const __SERVER_ASSET_PREFIX__: string;

/** The API's answers, kept for the renders under the same content version (up to 16 MB). */
const keptAnswers = createKeptAnswers(16 * 1024 * 1024);

/**
 * Renders one public page with its data: runs the loaders of the routes `url` matches (the
 * site settings, the page's own data and what depends on it) into a cache of its own, renders
 * once, and gives the answers it rendered with. A query that fails for any reason but 404
 * fails the render, so the caller can send the client-rendered page instead (the browser
 * shows its error states).
 */
export async function render(url: string, options: RenderOptions): Promise<RenderResult> {
  const api = keptAnswers.clientFor(options.apiUrl, options.contentVersion);
  const queryClient = createServerQueryClient();
  await load(url, { queryClient, api }, options);

  const response: ServerResponse = { status: 200 };
  let head: PageHead | undefined;
  // Each page hands its head (built from the data it shows) to this while it renders.
  const collector = { siteUrl: options.siteUrl, onHead: (next: PageHead) => (head = next) };
  const html = await renderToHtml(
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
  // The loaders' answers: what the page rendered with, for the browser to start from (a 404
  // too, so that the browser shows "not found" at once rather than asking again).
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' || query.state.error?.status === 404,
  });
  return {
    status: response.status,
    redirect: response.redirect,
    redirectStatus: response.redirectStatus,
    html: html.replaceAll(__SERVER_ASSET_PREFIX__, options.assetBase),
    state,
    title: head?.title ?? siteName(queryClient, api),
    // The shell's page has a <title> already: it gets the text, the rest goes after it.
    head: head ? headTags(head).replace(/<title\b[^>]*>[\s\S]*?<\/title>/, '') : '',
    lang: head?.lang ?? 'en',
    chunks: response.chunks ?? [],
  };
}

/**
 * Runs the loaders of the routes `url` matches, as `<Routes>` will match it: the root's (the
 * site settings) and the page's, side by side. A 404 is a page's to show; anything else that
 * failed fails the render. The default language's settings come first: their `languages`
 * say which language the address is in (`/hi/product`: the products page in Hindi, whose
 * loaders then read in Hindi), or that its prefix is no language of the site's (nothing else
 * to load for that page).
 */
async function load(url: string, context: LoaderContext, { siteUrl, signal }: RenderOptions) {
  const { queryClient } = context;
  const address = new URL(url, siteUrl);
  const stop = () => void queryClient.cancelQueries();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    await queryClient.prefetchQuery(settingsQueryOptions(context.api));
    const settings = queryClient.getQueryData(settingsQueryOptions(context.api).queryKey);
    const page = pagePath(address.pathname, siteLanguages(settings) ?? ['en']);
    const { locale, defaultLocale, languages } = page.locale;
    const api = localizedApi(context.api, locale, defaultLocale, languages.length > 1);
    const localized = { ...context, api };
    const inPage = new URL(`${page.path}${address.search}`, address);
    const request = new Request(inPage, { signal });
    const matches = page.unknown
      ? []
      : (matchRoutes(PAGE_ROUTES, inPage.pathname + inPage.search) ?? []);
    const loaded = await Promise.allSettled([
      ...matches.map(({ route, params }) =>
        typeof route.loader === 'function'
          ? route.loader({ request, params, context: localized })
          : null,
      ),
      // The page's words, so that the render finds them (it would wait for them otherwise).
      loadCatalogue(locale),
    ]);
    signal?.throwIfAborted();
    // A loader's prefetchQuery keeps a failure in the cache rather than throwing it.
    const failed = queryClient
      .getQueryCache()
      .getAll()
      .find((query) => query.state.error && query.state.error.status !== 404);
    if (failed) {
      throw new Error(
        `${JSON.stringify(failed.queryKey)} failed: ${failed.state.error?.status} ${failed.state.error?.message}`,
      );
    }
    for (const result of loaded) {
      if (result.status === 'rejected' && (result.reason as ApiError).status !== 404) {
        throw result.reason;
      }
    }
  } finally {
    signal?.removeEventListener('abort', stop);
  }
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
function siteName(queryClient: QueryClient, api: ApiClient): string {
  return queryClient.getQueryData(settingsQueryOptions(api).queryKey)?.companyName || 'Vitrine';
}
