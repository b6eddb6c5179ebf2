// The shell's production server: its static build, /config.json, the API forwarded on the same
// origin, and the public pages rendered on the server with the public remote's server build.
// Server rendering is an improvement, never a dependency: when the remote or the API is down
// or slow, the page is the client-rendered one (200), and the log says why.
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import express, { type Request, type RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import {
  configOrigins,
  createStaticHandler,
  securityHeaders,
  type SiteConfig,
} from '@vitrine/static-server';
import { classifyTarget, createApiProxy, type ForwardedRequest, refuse } from './api-proxy';
import type { RemoteName } from '@vitrine/contracts';
import { createContentVersion } from './content-version';
import { createDeployments, type RemoteAddress } from './deployments';
import { createViewCounter } from './insights';
import { allowingStartScript, buildPage } from './page';
import { RENDER_BUDGET_MS, renderWithin } from './render';
import { createRenderCache, type RenderedEntry } from './render-cache';
import { sendCached, sendPage } from './send-page';
import type { Manifest } from './remote-checks';
import { createSsrRemote } from './ssr-remote';
import { type Answer, createUploadsCache, sendKept } from './uploads-cache';

/**
 * Pages only ever rendered in the browser, never kept in the render cache, and kept out of
 * search engines: the admin area, sign-in, an editor's draft previews (which only the
 * browser can ask for, with the editor's token) and a client's share links (/preview/share/…).
 */
const PRIVATE = /^\/(admin(\/|$)|login\/?$|preview\/)/;
/**
 * Drafts: an editor's preview and a client's share link. Never stored by a browser or a
 * proxy either, so a revoked link leaves no copy behind.
 */
const DRAFT = /^\/preview\//;
/** What development answers until the shell's dev server has built its page. */
const STARTING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="2"><title>Vitrine is starting</title></head>
<body><p>Vitrine is starting: this page reloads itself until the site is built.</p></body></html>`;
/**
 * How old a content version may be for serving a kept /uploads file: a page's pictures are
 * asked for a few hundred ms after the page, which has just checked it. A deleted image's
 * files are served at most this long after its deletion reaches this server.
 */
const UPLOADS_VERSION_TTL_MS = 1000;

export interface ShellServerOptions {
  /** The shell's build (dist/shell). */
  dir: string;
  /** The run-time config (`/config.json`), read at each request. */
  config: () => SiteConfig;
  /** Where the API is, for forwarding and for rendering. */
  api: string;
  /**
   * The site's public address (SITE_URL), for canonical URLs and link previews: never the
   * request's Host, which a client may set to anything.
   */
  siteUrl: string;
  /** How many proxies in front of this server may name the client (X-Forwarded-For). */
  trustProxy?: number;
  /** NODE_ENV=production (config.ts): never development's relaxation of the pages' policy. */
  production?: boolean;
  /** Where this server reaches public-mfe, when not at the browsers' address. */
  publicMfeInternalUrl?: string;
  /** In development: the shell's webpack dev server, which serves its page and files. */
  devAssets?: string;
  renderBudgetMs?: number;
  /** Memory for the API's immutable /uploads answers (uploads-cache.ts); 0 keeps none. */
  uploadsCacheBytes?: number;
  /** Memory for server-rendered pages (render-cache.ts). */
  renderCacheBytes?: number;
  /**
   * Versioned deploys (deployments.ts): the environment whose pointers name the remotes'
   * versions, where each remote's versions are, and versions pinned in the configuration.
   */
  deployment?: {
    environment: string;
    remotes: Record<RemoteName, RemoteAddress>;
    pinned?: Partial<Record<RemoteName, string>>;
    /** The secret the shell reports to the API with (SHELL_TOKEN). */
    shellToken?: string;
  };
  /**
   * The secret the API takes this shell's counted page views with (SHELL_TOKEN); unset, the
   * pages it serves are not counted (insights.ts).
   */
  shellToken?: string;
  /** How often the views counted are sent to the API (insights.ts). */
  insightsFlushMs?: number;
  log?: (message: string) => void;
}

export function createShellServer({
  dir,
  config,
  api,
  siteUrl,
  trustProxy = 0,
  production = false,
  publicMfeInternalUrl,
  devAssets,
  renderBudgetMs = RENDER_BUDGET_MS,
  uploadsCacheBytes,
  renderCacheBytes,
  deployment,
  shellToken,
  insightsFlushMs,
  log = (message) => console.log(message),
}: ShellServerOptions) {
  if (!siteUrl) throw new Error("the shell's server needs the site's address (SITE_URL)");
  const site = siteUrl.replace(/\/$/, '');
  const root = path.resolve(dir);
  const builtTemplate = devAssets ? null : fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  // In development the page is the dev server's, rebuilt as the code changes; null while that
  // server is still starting (its first build takes a while, an expected wait).
  const loadTemplate = async (): Promise<string | null> => {
    if (builtTemplate) return builtTemplate;
    const response = await fetch(`${devAssets}/index.html`).catch(() => null);
    return response?.ok ? response.text() : null;
  };
  // With versioned deploys, the remotes are the versions served (deployments.ts), and a
  // remote with none served yet is not named at all.
  let servedEntries: (() => Partial<Record<RemoteName, string>>) | null = null;
  const siteConfig = (): SiteConfig => {
    const base = config();
    return servedEntries ? { ...base, remotes: servedEntries() } : base;
  };
  // Development's one relaxation of the pages' policy: the webpack dev servers' live-reload
  // WebSockets (the shell's and each remote's). Never in production, where there are none.
  const liveReloadSockets = () =>
    devAssets && !production
      ? [devAssets, ...configOrigins(siteConfig())].map((origin) =>
          new URL(origin).origin.replace(/^http/, 'ws'),
        )
      : [];
  const pageHeaders = (req: IncomingMessage) =>
    securityHeaders(req, configOrigins(siteConfig()), { liveReloadSockets: liveReloadSockets() });
  // The shell's own stylesheet (the page's base: body margin, the loading and error states)
  // arrives with its script; in the page itself, nothing moves when it does.
  const shellCss = devAssets
    ? ''
    : fs
        .readdirSync(root)
        .filter((file) => file.endsWith('.css'))
        .map((file) =>
          fs
            .readFileSync(path.join(root, file), 'utf8')
            .replace(/\/\*# sourceMappingURL=.*?\*\//g, ''),
        )
        .join('\n');
  const builtFiles = createStaticHandler({ dir: root, config: siteConfig });
  // The shell's own shared libraries, which a remote's must fit (remote-checks.ts).
  const shellManifest = async () => {
    try {
      return devAssets
        ? ((await (await fetch(`${devAssets}/mf-manifest.json`)).json()) as Manifest)
        : (JSON.parse(fs.readFileSync(path.join(root, 'mf-manifest.json'), 'utf8')) as Manifest);
    } catch {
      return null;
    }
  };
  // In development the files are the shell's dev server's (its one fixed target too).
  const devFiles = devAssets
    ? (createProxyMiddleware({ target: devAssets, changeOrigin: true }) as RequestHandler)
    : null;
  const staticFiles: RequestHandler = (req, res, next) =>
    devFiles && req.path !== '/config.json' ? devFiles(req, res, next) : builtFiles(req, res);
  const apiProxy = createApiProxy({ target: api, trustProxy });
  const remote = createSsrRemote({
    entry: () => siteConfig().remotes?.public_mfe,
    internalUrl: publicMfeInternalUrl,
    shellManifest,
    managed: Boolean(deployment),
    // In development the remote's first build is still running when this server starts.
    quietUntilLoaded: Boolean(devAssets),
    warmUp: (render, base) =>
      render('/', {
        apiUrl: api,
        assetBase: base,
        siteUrl: site,
        signal: AbortSignal.timeout(10_000),
      }),
    log,
  });
  const deployments = deployment
    ? createDeployments({
        api,
        ...deployment,
        ssr: remote,
        shellManifest,
        render: (build, url) =>
          renderWithin(build, url, { apiUrl: api, siteUrl: site, budgetMs: renderBudgetMs }),
        log,
      })
    : null;
  if (deployments) servedEntries = () => deployments.entries();
  const cache = createRenderCache(renderCacheBytes);
  const views = createViewCounter({
    api,
    shellToken,
    trustProxy,
    flushMs: insightsFlushMs,
    log,
  });
  const contentVersion = createContentVersion(api, renderBudgetMs);
  const uploads =
    uploadsCacheBytes === 0 ? null : createUploadsCache({ maxBytes: uploadsCacheBytes });

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use((req, res, next) => {
    const kind = classifyTarget(req.originalUrl);
    if (kind === 'refuse') return refuse(res);
    if (kind === 'page') return next();
    // A write may change what pages show: the next page asks the API for its version.
    if (req.method !== 'GET' && req.method !== 'HEAD') contentVersion.forget();
    if (uploads && keepsUpload(req)) return void serveUpload(req, res, next);
    apiProxy(req, res, next);
  });

  // A shell just started names no remote until its first reading of the pointers has checked
  // one: pages and /config.json wait for it, a few seconds at most, then go with what there is.
  if (deployments) {
    app.use((req, _res, next) => {
      if (path.extname(req.path) && req.path !== '/config.json') return next();
      void deployments.ready().then(() => next());
    });
  }

  /** An /uploads file from memory, or from the API, kept for next time when it may be. */
  async function serveUpload(...[req, res, next]: Parameters<RequestHandler>): Promise<void> {
    if (!uploads) return void apiProxy(req, res, next);
    let version: string;
    try {
      version = await contentVersion.get(UPLOADS_VERSION_TTL_MS);
    } catch {
      return void apiProxy(req, res, next);
    }
    uploads.useVersion(version);
    const key = req.originalUrl;
    const kept = uploads.get(key);
    if (kept) return sendKept(req, res, kept);
    // A browser revalidating its own copy gets the API's answer (304), which holds no file.
    const conditional = req.headers['if-none-match'] || req.headers['if-modified-since'];
    if (!conditional && req.method === 'GET') {
      (req as ForwardedRequest).onApiAnswer = collect((answer) =>
        uploads.set(key, version, answer),
      );
    }
    apiProxy(req, res, next);
  }

  app.get('/{*path}', async (req, res, next) => {
    // Files (anything with an extension) and /config.json are the static build's.
    if (path.extname(req.path)) return next();
    const template = await loadTemplate();
    const headers = pageHeaders(req);
    if (template === null) {
      return sendPage(req, res, 503, STARTING_PAGE, { ...headers, 'Retry-After': '2' });
    }
    const remotes = siteConfig().remotes ?? {};
    if (PRIVATE.test(req.path)) {
      return sendPage(
        req,
        res,
        200,
        buildPage(template, { noindex: true, css: shellCss, remotes }),
        {
          ...headers,
          'X-Robots-Tag': 'noindex',
          ...(DRAFT.test(req.path) ? { 'Cache-Control': 'no-store' } : {}),
        },
      );
    }
    const started = Date.now();
    // Each public page answered is a view (the remote's beacons count the moves after it).
    const counted = (status: number) => {
      if (status === 200 && req.method === 'GET') views.count(req);
    };
    // In development a page is rendered with the build its scripts come from: the remote's
    // dev server answers once its rebuild is done, so a page the browser reloads after a
    // change never meets the server build from before it.
    if (devAssets) await remote.check();
    const ssr = remote.current();
    const browserPage = buildPage(template, { css: shellCss, remotes });
    if (!ssr) {
      counted(200);
      return sendPage(req, res, 200, browserPage, headers);
    }
    let version: string;
    try {
      version = await contentVersion.get();
    } catch (error) {
      log(
        `[ssr] ${req.originalUrl}: rendered in the browser, the API is not reachable (${(error as Error).message})`,
      );
      counted(200);
      return sendPage(req, res, 200, browserPage, headers);
    }
    // The remotes the page names are part of it: a new version of either is a new page.
    const key = `${ssr.key}:${JSON.stringify(remotes)}:${version}:${req.originalUrl}`;
    // A server-rendered page starts its scripts with an inline one (see page.ts).
    const renderedHeaders = allowingStartScript(headers);
    const cached = cache.get(key);
    if (cached) {
      if (!cached.location) counted(cached.status);
      return sendCached(req, res, cached, renderedHeaders, cache);
    }
    try {
      const result = await renderWithin(ssr, req.originalUrl, {
        apiUrl: api,
        siteUrl: site,
        contentVersion: version,
        budgetMs: renderBudgetMs,
      });
      if (result.redirect) {
        const entry = { status: result.redirectStatus ?? 302, location: result.redirect };
        cache.set(key, entry);
        return sendCached(req, res, entry, headers);
      }
      const page = buildPage(template, {
        title: result.title,
        head: result.head,
        lang: result.lang,
        css: shellCss,
        styles: ssr.css(result.chunks),
        html: result.html,
        state: result.state,
        remotes,
      });
      const entry: RenderedEntry = { key, status: result.status, body: Buffer.from(page) };
      cache.set(key, entry);
      counted(entry.status);
      sendCached(req, res, entry, renderedHeaders, cache);
    } catch (error) {
      log(
        `[ssr] ${req.originalUrl}: rendered in the browser after ${Date.now() - started} ms: ${(error as Error).message}`,
      );
      counted(200);
      sendPage(req, res, 200, browserPage, headers);
    }
  });

  app.use(staticFiles);

  return {
    app,
    remote,
    deployments,
    views,
    /** Starts watching the remote; resolves once its server build is loaded (or found absent). */
    start: () => Promise.all([remote.start(), deployments?.start()]).then(() => undefined),
    /** Stops watching; resolves once the views counted are sent. */
    stop: (): Promise<void> => {
      remote.stop();
      deployments?.stop();
      return views.stop();
    },
  };
}

/**
 * A request for a whole /uploads file, which the uploads cache may answer: not a Range, and
 * without an Origin (the API's answer varies with it: `Vary: Origin`, CORS headers).
 */
function keepsUpload(req: Request): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    req.path.startsWith('/uploads/') &&
    !req.headers.range &&
    !req.headers.origin &&
    !req.headers.authorization
  );
}

/** Gathers an answer's body beside its sending, for `keep`, unless it is cut off. */
function collect(keep: (answer: Answer) => void) {
  return (answer: IncomingMessage) => {
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => chunks.push(chunk));
    answer.on('end', () => {
      if (answer.complete) {
        keep({
          status: answer.statusCode ?? 0,
          headers: answer.headers,
          body: Buffer.concat(chunks),
        });
      }
    });
  };
}
