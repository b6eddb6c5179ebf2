/**
 * `npm run bench:web`: what a visitor's browser downloads and how fast the pages paint,
 * in headless Chromium against the production builds served as in production (brotli,
 * caching, the shell proxying the API). Prints a table; asserts nothing.
 *
 *   node -r @swc-node/register bench/web.ts
 */
import fs from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, root, run, startApi } from './support';

const { createStaticServer } = require('../tools/serve-static.js') as {
  createStaticServer(options: {
    dir: string;
    spa?: boolean;
    api?: string;
    config?: () => unknown;
  }): Server;
};

async function serve(dir: string, options: { api?: string; config?: () => unknown } = {}) {
  const port = await freePort();
  const server = createStaticServer({ dir: path.join(root, 'dist', dir), spa: true, ...options });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${port}` };
}

/** What the pages' observers leave on window for the measurement. */
interface Probes {
  __lcp: number;
  __lcpElement: string;
  __cls: number;
  __shifts: string[];
}

interface Measure {
  jsBytes: number;
  totalBytes: number;
  requests: number;
  fcp: number;
  lcp: number;
  /** The largest contentful paint's element (and image file). */
  lcpElement: string;
  cls: number;
  /** Each layout shift: its score, when, and which elements moved (y before→after). */
  shifts: string[];
  images: { webp: number; total: number; worstRatio: number };
}

async function main() {
  for (const project of ['backend', 'shell', 'public-mfe', 'admin-mfe']) {
    if (!fs.existsSync(path.join(root, 'dist', project)))
      throw new Error(`Build first: npm run build (dist/${project} is missing)`);
  }
  const api = await startApi();
  const apiUrl = api.base;
  const servers: Server[] = [];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const publicMfe = await serve('public-mfe');
    const adminMfe = await serve('admin-mfe');
    const shell = await serve('shell', {
      api: apiUrl,
      config: () => ({
        remotes: {
          public_mfe: `${publicMfe.url}/remoteEntry.js`,
          admin_mfe: `${adminMfe.url}/remoteEntry.js`,
        },
        apiUrl: '',
      }),
    });
    servers.push(publicMfe.server, adminMfe.server, shell.server);
    const { token } = api;
    const [product] = (await (await fetch(`${apiUrl}/api/product?limit=1`)).json()) as {
      slug: string;
    }[];

    const pages = ['/', '/product', '/gallery', `/singleproject/${product.slug}`, '/admin/product'];
    const results: [string, Measure][] = [];
    // One untimed visit first, in a context of its own (no cache is shared): otherwise the
    // first row also carries the browser's and the servers' start-up (about 200 ms here).
    const warmUp = await browser.newContext();
    await (await warmUp.newPage()).goto(`${shell.url}/about`, { waitUntil: 'networkidle' });
    await warmUp.close();
    for (const page of pages) {
      // A fresh context per page: a first visit, nothing cached.
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      if (page.startsWith('/admin'))
        await context.addInitScript((value) => localStorage.setItem('token', value), token);
      const tab = await context.newPage();
      await tab.addInitScript(() => {
        const w = window as unknown as Probes;
        w.__lcp = 0;
        w.__lcpElement = '';
        w.__cls = 0;
        w.__shifts = [];
        // How the notes below the table name an element (`tag.class`) and a box.
        const describe = (node: Node | null) =>
          node instanceof Element
            ? `${node.tagName.toLowerCase()}${node.classList[0] ? `.${node.classList[0]}` : ''}`
            : String(node?.nodeName ?? 'gone');
        const rect = (r: DOMRect) =>
          r.width || r.height
            ? `(${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)})`
            : '(off screen)';
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            element: Element | null;
            url: string;
          })[]) {
            w.__lcp = entry.startTime;
            w.__lcpElement = `${describe(entry.element)}${entry.url ? ` ${entry.url.split('/').pop()}` : ''}`;
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node: Node | null; previousRect: DOMRect; currentRect: DOMRect }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            w.__cls += entry.value;
            const moved = (entry.sources ?? []).map(
              (source) =>
                `${describe(source.node)} in ${describe(source.node?.parentElement ?? null)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`,
            );
            w.__shifts.push(
              `${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: ${moved.join(', ')}`,
            );
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await tab.goto(`${shell.url}${page}`, { waitUntil: 'networkidle' });
      await tab.waitForTimeout(1500);
      const measure = await tab.evaluate(() => {
        const w = window as unknown as Probes;
        const navigation = performance.getEntriesByType(
          'navigation',
        )[0] as PerformanceNavigationTiming;
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const js = resources.filter((r) => /\.js(\?|$)/.test(r.name));
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
        const images = [...document.images].filter(
          (img) => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().width > 0,
        );
        // An image that covers its box (object-fit: cover) is drawn at the larger of the
        // box's width and the width its height scales it to.
        const drawnWidth = (img: HTMLImageElement) => {
          const box = img.getBoundingClientRect();
          return getComputedStyle(img).objectFit === 'cover'
            ? Math.max(box.width, (box.height * img.naturalWidth) / img.naturalHeight)
            : box.width;
        };
        const ratios = images.map((img) => img.naturalWidth / (drawnWidth(img) * devicePixelRatio));
        return {
          jsBytes: js.reduce((sum, r) => sum + r.transferSize, 0),
          totalBytes:
            navigation.transferSize + resources.reduce((sum, r) => sum + r.transferSize, 0),
          requests: resources.length + 1,
          fcp,
          lcp: w.__lcp,
          lcpElement: w.__lcpElement,
          cls: w.__cls,
          shifts: w.__shifts,
          images: {
            webp: images.filter(
              (img) =>
                /\.webp(\?|$)/.test(img.currentSrc) || img.currentSrc.startsWith('data:image/webp'),
            ).length,
            total: images.length,
            worstRatio: ratios.length ? Math.max(...ratios) : 0,
          },
        };
      });
      results.push([page, measure]);
      await context.close();
    }

    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const pad = (text: string | number, width: number) => String(text).padEnd(width);
    console.log(
      `\nFront end, production builds, headless Chromium 1366×768, first visit (${os.cpus().length} cores)`,
    );
    console.log(
      `${pad('page', 42)}${pad('JS', 11)}${pad('total', 11)}${pad('requests', 10)}${pad('FCP ms', 8)}${pad('LCP ms', 8)}${pad('CLS', 7)}images (webp/all, worst size ratio)`,
    );
    for (const [page, m] of results) {
      console.log(
        `${pad(page, 42)}${pad(kb(m.jsBytes), 11)}${pad(kb(m.totalBytes), 11)}${pad(m.requests, 10)}${pad(Math.round(m.fcp), 8)}${pad(Math.round(m.lcp), 8)}${pad(m.cls.toFixed(3), 7)}${m.images.webp}/${m.images.total}, ${m.images.worstRatio.toFixed(2)}×`,
      );
    }
    console.log(
      `Largest contentful paint: ${results.map(([page, m]) => `${page} ${m.lcpElement}`).join('; ')}`,
    );
    for (const [page, m] of results) {
      if (m.shifts.length) console.log(`Layout shifts on ${page}:\n  ${m.shifts.join('\n  ')}`);
    }
    console.log(
      'Targets: home page JS ≤ 170 KB compressed, LCP < 1000 ms, CLS < 0.05, images WebP at most 1.5× their displayed size.',
    );
  } finally {
    await browser.close();
    for (const server of servers) server.close();
    await api.stop();
  }
}

run(main);
