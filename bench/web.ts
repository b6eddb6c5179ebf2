/**
 * `npm run bench:web`: what a visitor's browser downloads and how fast the pages paint,
 * in headless Chromium against the production builds served as in production (brotli,
 * caching, the shell's server rendering the public pages and proxying the API), in two profiles: a desktop on localhost, and a
 * mid-range phone on a slow 4G network (Lighthouse's mobile throttling). Prints a table per
 * profile with each page's budgets; asserts nothing.
 *
 * Beside each server-rendered page, in the same run and visit for visit, its baseline: the
 * very HTML the shell's server sent, with every script taken out, as a static file on the same
 * origin (so the same pictures and files). Its paints are what this machine and Chromium give
 * for that markup without our JavaScript; a page of one line of text gives a navigation's floor.
 *
 *   node -r @swc-node/register bench/web.ts [--runs 3]
 */
import fs from 'node:fs';
import type { Server } from 'node:http';
import express from 'express';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import {
  createStaticHandler,
  createStaticServer,
  type SiteConfig,
} from '../libs/static-server/src';
import { scriptsServed } from '../libs/testing/src';
import { freePort, launchBrowser, readOptions, root, run, startApi } from './support';
import { type Measure, observePaintsAndShifts, readMeasure } from './web-probes';

// The shell's production server: it renders the public pages with public-mfe's server build.
import { createShellServer } from '../shell/server/app';

/** Where the baseline pages are served, on the shell's origin. */
const BASELINE_PATH = '/bench-baseline';

/** The shell's server, with the files of `baselineDir` beside it under BASELINE_PATH. */
async function serveShell(options: { api: string; config: () => SiteConfig }, baselineDir: string) {
  const port = await freePort();
  const shell = createShellServer({
    dir: path.join(root, 'dist/shell'),
    siteUrl: `http://127.0.0.1:${port}`,
    ...options,
  });
  await shell.start();
  const app = express();
  // Compressed and cached as any static file of the site (the pages themselves are too).
  app.use(BASELINE_PATH, createStaticHandler({ dir: baselineDir }));
  app.use(shell.app);
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(port, '127.0.0.1', () => resolve(listening));
  });
  server.on('close', () => shell.stop());
  return { server, url: `http://127.0.0.1:${port}` };
}

async function serve(dir: string, options: { config?: () => SiteConfig } = {}) {
  const port = await freePort();
  const server = createStaticServer({ dir: path.join(root, 'dist', dir), spa: true, ...options });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${port}` };
}

/** How a visitor's device and network are emulated. */
interface Profile {
  name: string;
  description: string;
  context: BrowserContextOptions;
  /** Chrome DevTools Protocol throttling; none on localhost. */
  throttle?: {
    latencyMs: number;
    downloadBitsPerSecond: number;
    uploadBitsPerSecond: number;
    cpuSlowdown: number;
  };
  /** The pages measured in this profile. */
  pages: (publicPages: string[]) => string[];
  /** The budgets in words (issue 12), printed under the table. */
  budgetNote: string;
  /** What a page must reach; each returns the broken budget's description, or nothing. */
  budgets: ((page: string, measure: Measure) => string | undefined)[];
}

/**
 * The public pages measured: the English ones, and a project's page in Hindi (its Hindi
 * slug), held to the same budgets with its Devanagari text, when the site has Hindi.
 */
const PUBLIC_PAGES = (slug: string, hindiSlug?: string) => [
  '/',
  '/product',
  `/singleproject/${slug}`,
  '/gallery',
  ...(hindiSlug ? [`/hi/singleproject/${hindiSlug}`] : []),
];

const PROFILES: Profile[] = [
  {
    name: 'localhost',
    description: 'desktop 1366×768, no throttling',
    context: { viewport: { width: 1366, height: 768 } },
    pages: (publicPages) => [...publicPages, '/admin/product'],
    budgetNote:
      'public pages LCP ≤ 350 ms and CLS 0, home page JS ≤ 170 KB compressed; images WebP, at most 1.5× their displayed size.',
    budgets: [
      (page, m) => (page.startsWith('/admin') || m.lcp <= 350 ? undefined : 'LCP > 350 ms'),
      (page, m) => (page.startsWith('/admin') || m.cls < 0.0005 ? undefined : 'CLS > 0'),
      (page, m) => (page !== '/' || m.jsBytes <= 170 * 1024 ? undefined : 'JS > 170 KB'),
    ],
  },
  {
    name: 'mobile',
    description:
      'phone 412×823 at 1.75×, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower',
    context: {
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    },
    throttle: {
      latencyMs: 150,
      downloadBitsPerSecond: 1.6 * 1024 * 1024,
      uploadBitsPerSecond: 750 * 1024,
      cpuSlowdown: 4,
    },
    pages: (publicPages) => publicPages,
    budgetNote: 'LCP ≤ 1200 ms and FCP ≤ 1000 ms on every page, the Hindi one too.',
    budgets: [
      (_, m) => (m.lcp <= 1200 ? undefined : 'LCP > 1200 ms'),
      (_, m) => (m.fcp <= 1000 ? undefined : 'FCP > 1000 ms'),
    ],
  },
];

/** The project's slug in Hindi (its own, or the default one), if the site has Hindi. */
async function hindiSlug(apiUrl: string, slug: string): Promise<string | undefined> {
  const settings = (await (await fetch(`${apiUrl}/api/settings`)).json()) as {
    languages?: string[];
  };
  if (!settings.languages?.includes('hi')) {
    console.log('The site has no Hindi: no Hindi page is measured.');
    return undefined;
  }
  const answer = await fetch(`${apiUrl}/api/product/singleproject/${slug}?locale=hi`);
  const item = (await answer.json()) as { slug: string; slugs?: Record<string, string> };
  return item.slugs?.hi ?? item.slug;
}

async function main() {
  for (const project of ['backend', 'shell', 'public-mfe', 'admin-mfe']) {
    if (!fs.existsSync(path.join(root, 'dist', project)))
      throw new Error(`Build first: npm run build (dist/${project} is missing)`);
  }
  const { runs } = readOptions({ runs: 3 });
  const api = await startApi();
  const apiUrl = api.base;
  const servers: Server[] = [];
  const baselineDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-web-'));
  const browser = await launchBrowser();
  try {
    const publicMfe = await serve('public-mfe');
    const adminMfe = await serve('admin-mfe');
    const shell = await serveShell(
      {
        api: apiUrl,
        config: () => ({
          remotes: {
            public_mfe: `${publicMfe.url}/remoteEntry.js`,
            admin_mfe: `${adminMfe.url}/remoteEntry.js`,
          },
          apiUrl: '',
        }),
      },
      baselineDir,
    );
    servers.push(publicMfe.server, adminMfe.server, shell.server);
    const [product] = (await (await fetch(`${apiUrl}/api/product?limit=1`)).json()) as {
      slug: string;
    }[];
    const publicPages = PUBLIC_PAGES(product.slug, await hindiSlug(apiUrl, product.slug));

    // One untimed visit first, in a context of its own (no cache is shared): otherwise the
    // first row also carries the browser's and the servers' start-up (about 200 ms here).
    const warmUp = await browser.newContext();
    await (await warmUp.newPage()).goto(`${shell.url}/about`, { waitUntil: 'networkidle' });
    await warmUp.close();

    // The baselines: each public page's HTML as the shell's server sends it, without scripts.
    const baselines = new Map<string, string>();
    fs.writeFileSync(path.join(baselineDir, 'empty.html'), EMPTY_PAGE);
    for (const [index, page] of publicPages.entries()) {
      const html = await (await fetch(`${shell.url}${page}`)).text();
      fs.writeFileSync(path.join(baselineDir, `${index}.html`), withoutScripts(html));
      baselines.set(page, `${shell.url}${BASELINE_PATH}/${index}.html`);
    }

    for (const profile of PROFILES) {
      const results: [string, Measure][] = [];
      const empty: Measure[] = [];
      for (const page of profile.pages(publicPages)) {
        const baseline = baselines.get(page);
        // One untimed visit of the page in this profile first: the measured visitors find
        // what everyone but the first after a change finds, the page in the render cache and
        // the image widths this screen asks for made (the API makes a 960 px variant on its
        // first request, which a first phone visit waited for, seconds on a busy machine).
        await visit(browser, profile, `${shell.url}${page}`, api.token);
        if (baseline) await visit(browser, profile, baseline, api.token);
        const measures: Measure[] = [];
        const baselineMeasures: Measure[] = [];
        // The page and its baseline in turn, so both see the same moments of the machine.
        for (let i = 0; i < runs; i++) {
          measures.push(await visit(browser, profile, `${shell.url}${page}`, api.token));
          if (!baseline) continue;
          baselineMeasures.push(await visit(browser, profile, baseline, api.token));
          empty.push(await visit(browser, profile, `${shell.url}${BASELINE_PATH}/empty.html`));
        }
        const measure = median(measures);
        if (baseline) measure.baseline = median(baselineMeasures);
        results.push([page, measure]);
      }
      report(profile, results, runs, median(empty));
    }
  } finally {
    await browser.close();
    for (const server of servers) server.close();
    await api.stop();
    fs.rmSync(baselineDir, { recursive: true, force: true });
  }
}

/** The floor of a navigation: a page of one line of text, its first and largest paint. */
const EMPTY_PAGE = '<!doctype html><html lang=en><title>Empty</title><p>Vitrine</p></html>';

/** A page's markup with none of its JavaScript: no script element, no preloaded script. */
function withoutScripts(html: string) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*\bas=["']?script\b[^>]*>/g, '');
}

/** One first visit (a fresh context: nothing cached), measured once the page has settled. */
async function visit(browser: Browser, profile: Profile, url: string, token?: string) {
  const context = await browser.newContext(profile.context);
  try {
    if (token && new URL(url).pathname.startsWith('/admin'))
      await context.addInitScript((value) => localStorage.setItem('token', value), token);
    const tab = await context.newPage();
    if (profile.throttle) {
      const { latencyMs, downloadBitsPerSecond, uploadBitsPerSecond, cpuSlowdown } =
        profile.throttle;
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: latencyMs,
        downloadThroughput: downloadBitsPerSecond / 8,
        uploadThroughput: uploadBitsPerSecond / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    }
    await tab.addInitScript(observePaintsAndShifts);
    await tab.goto(url, { waitUntil: 'networkidle' });
    await tab.waitForTimeout(1500);
    const measure = await tab.evaluate(readMeasure);
    const scripts = await scriptsServed(tab);
    return { ...measure, jsBytes: scripts.reduce((sum, script) => sum + script.bytes, 0) };
  } finally {
    await context.close();
  }
}

/**
 * The run with the median LCP, with the median FCP, the largest CLS of all runs, and the
 * spread of LCP across the runs.
 */
function median(measures: Measure[]): Measure {
  const middle = <T>(values: T[], by: (value: T) => number) =>
    [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)];
  const run = middle(measures, (m) => m.lcp);
  const lcps = measures.map((m) => m.lcp);
  return {
    ...run,
    lcpRange: [Math.min(...lcps), Math.max(...lcps)],
    fcp: middle(measures, (m) => m.fcp).fcp,
    cls: Math.max(...measures.map((m) => m.cls)),
    shifts: measures.flatMap((m) => m.shifts),
  };
}

function report(profile: Profile, results: [string, Measure][], runs: number, empty: Measure) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const pad = (text: string | number, width: number) => String(text).padEnd(width);
  // The machine's load when the profile's last page is measured: the figures move with it.
  const load = os.loadavg().map((average) => average.toFixed(1));
  console.log(
    `\nFront end, ${profile.name}: ${profile.description}; headless Chromium, first visit, median of ${runs} (${os.cpus().length} cores, load average ${load.join(' / ')})`,
  );
  console.log(
    `${pad('page', 36)}${pad('JS', 11)}${pad('total', 11)}${pad('requests', 10)}${pad('FCP ms', 8)}${pad('LCP ms', 8)}${pad('LCP range', 12)}${pad('no-JS FCP/LCP', 15)}${pad('LCP ×', 7)}${pad('CLS', 7)}${pad('images (webp/all, worst ratio)', 32)}budgets`,
  );
  for (const [page, m] of results) {
    const broken = profile.budgets.map((budget) => budget(page, m)).filter(Boolean);
    const { baseline } = m;
    const versus = baseline
      ? [
          `${Math.round(baseline.fcp)}/${Math.round(baseline.lcp)}`,
          `${(m.lcp / baseline.lcp).toFixed(2)}`,
        ]
      : ['', ''];
    console.log(
      `${pad(page, 36)}${pad(kb(m.jsBytes), 11)}${pad(kb(m.totalBytes), 11)}${pad(m.requests, 10)}${pad(Math.round(m.fcp), 8)}${pad(Math.round(m.lcp), 8)}${pad(m.lcpRange ? m.lcpRange.map(Math.round).join('–') : '', 12)}${pad(versus[0], 15)}${pad(versus[1], 7)}${pad(m.cls.toFixed(3), 7)}${pad(`${m.images.webp}/${m.images.total}, ${m.images.worstRatio.toFixed(2)}×`, 32)}${broken.length ? `OVER: ${broken.join(', ')}` : 'met'}`,
    );
  }
  console.log(
    `Largest contentful paint: ${results.map(([page, m]) => `${page} ${m.lcpElement}`).join('; ')}`,
  );
  console.log(
    `No-JS: the page's HTML as sent, without its scripts, served as a static file, visited in turn with the page; LCP × = the page's LCP / its no-JS LCP. A page of one line of text: FCP ${Math.round(empty.fcp)} ms (${empty.lcpRange?.map(Math.round).join('–')} LCP).`,
  );
  const otherElements = results.filter(
    ([, m]) => m.baseline && m.baseline.lcpElement !== m.lcpElement,
  );
  if (otherElements.length)
    console.log(
      `No-JS largest contentful paint, where another: ${otherElements.map(([page, m]) => `${page} ${m.baseline?.lcpElement}`).join('; ')}`,
    );
  console.log(`Budgets: ${profile.budgetNote}`);
  for (const [page, m] of results) {
    if (m.shifts.length) console.log(`Layout shifts on ${page}:\n  ${m.shifts.join('\n  ')}`);
  }
}

run(main);
