import fs from 'node:fs';
import path from 'node:path';
import type { Product, Service } from '@vitrine/api-client';
import { scriptsServed } from '@vitrine/testing';
import { seriousViolations } from '../support/axe';
import { LAPTOP, usePage } from '../support/browser';
import { stackUrls } from '../support/stack';
import { apiList, openPage, SCREENSHOTS } from './public-site';

/** Every public page, inside the shell, with the demo content. */
describe('the public pages', () => {
  const tab = usePage({ viewport: LAPTOP });
  let product: Product;
  let service: Service;

  beforeAll(async () => {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    [product] = await apiList<Product>('/api/product?limit=1');
    [service] = await apiList<Service>('/api/service?limit=1');
  });

  const pages: [string, () => string, RegExp][] = [
    ['the home page', () => '/', /Textiles/],
    ['the about page', () => '/about', /^About us$/],
    ['the gallery', () => '/gallery', /./],
    ['the projects page', () => '/product', /^Projects$/],
    ['a product page', () => `/singleproject/${product.slug}`, /./],
    ['the services page', () => '/service', /^Services$/],
    ['a service page', () => `/singleservice/${service.slug}`, /./],
    ['the contact page', () => '/contact-us', /^Contact us$/],
    ['the reviews page', () => '/reviews', /^Client reviews$/],
    ['the privacy note', () => '/privacy', /^Privacy$/],
    ['the sign-in page', () => '/login', /^Sign in$/],
    ['the not-found page', () => '/singleproject/no-such-product', /^Project not found$/],
  ];

  it.each(pages)(
    'shows %s with one h1, a title, no serious accessibility problem, and a screenshot',
    async (name, pathname, heading) => {
      await openPage(tab.page, pathname());
      await tab.page.waitForLoadState('networkidle');

      const h1 = tab.page.locator('h1');
      expect(await h1.count()).toBe(1);
      expect(await h1.textContent()).toMatch(heading);
      expect(await tab.page.title()).toMatch(/\S/);
      expect(await tab.page.locator('meta[name="description"]').count()).toBeLessThanOrEqual(1);
      for (const landmark of ['header', 'main#main', 'footer.site-footer']) {
        expect(await tab.page.locator(landmark).count()).toBe(1);
      }
      expect(await seriousViolations(tab.page)).toEqual([]);
      await tab.page.screenshot({
        path: path.join(
          SCREENSHOTS,
          `public-1280-${name.replace(/^(the|a) /, '').replace(/\W+/g, '-')}.png`,
        ),
        fullPage: true,
      });
      expect(tab.errors).toEqual([]);
    },
  );

  it("runs every page under the shell's Content-Security-Policy without a violation", async () => {
    const strict = await tab.browser.newPage();
    const violations: string[] = [];
    strict.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    try {
      for (const [, pathname] of pages) {
        await openPage(strict, pathname());
        await strict.waitForLoadState('networkidle');
      }
      expect(violations).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('gives every page its own title, description and OpenGraph tags', async () => {
    await openPage(tab.page, `/singleproject/${product.slug}`);
    await tab.page.waitForFunction((name) => document.title.startsWith(name), product.ProductName);
    const meta = (selector: string) => tab.page.locator(selector).getAttribute('content');
    expect(await meta('meta[property="og:title"]')).toContain(product.ProductName);
    expect(await meta('meta[name="description"]')).toMatch(/\S/);
    expect(await meta('meta[property="og:description"]')).toMatch(/\S/);
    expect(await meta('meta[property="og:image"]')).toMatch(/^http.*\/uploads\/.+-og\.jpg$/);

    await tab.page.getByRole('link', { name: 'Reviews', exact: true }).first().click();
    await tab.page.getByRole('heading', { level: 1, name: 'Client reviews' }).waitFor();
    await tab.page.waitForFunction(() => document.title.startsWith('Client reviews'));
    expect(await meta('meta[property="og:title"]')).toContain('Client reviews');
  });

  it('fits a 360 px wide screen without sideways scrolling', async () => {
    await tab.page.setViewportSize({ width: 360, height: 800 });
    for (const pathname of ['/', '/product', `/singleproject/${product.slug}`, '/contact-us']) {
      await openPage(tab.page, pathname);
      await tab.page.waitForLoadState('networkidle');
      const width = await tab.page.evaluate(() => document.documentElement.scrollWidth);
      expect({ pathname, width }).toEqual({ pathname, width: 360 });
      if (pathname === '/') {
        await tab.page.screenshot({
          path: path.join(SCREENSHOTS, 'public-360-home.png'),
          fullPage: true,
        });
      }
    }
    expect(tab.errors).toEqual([]);
  });

  it("keeps the public remote's own share of the home page JavaScript small", async () => {
    const { publicMfe } = stackUrls();
    // The libraries the remote provides to the page (React, the router, TanStack Query) are
    // shared, not the remote's own code: the manifest names their files.
    const manifest = (await (await fetch(`${publicMfe}/mf-manifest.json`)).json()) as {
      shared: { assets: { js: { sync: string[] } } }[];
    };
    const sharedFiles = new Set(manifest.shared.flatMap((item) => item.assets.js.sync));
    await openPage(tab.page, '/');
    await tab.page.waitForLoadState('networkidle');
    // Counted as bench:web counts the home page budget: each file's compressed body as served.
    const scripts = await scriptsServed(tab.page);
    let total = 0;
    let remote = 0;
    for (const { url, bytes } of scripts) {
      total += bytes;
      const file = new URL(url).pathname.split('/').pop() ?? '';
      if (url.startsWith(publicMfe) && !sharedFiles.has(file)) remote += bytes;
    }
    // The shell, its Module Federation runtime and the shared libraries take about 130 KB;
    // the remote's own code, its words through Lingui with only the page's language's
    // catalogue (English here), keeps to 40 KB.
    console.info(
      `home page JavaScript (as served, brotli): ${(total / 1024).toFixed(1)} KB in ${scripts.length} files, ` +
        `of which the public remote's own code ${(remote / 1024).toFixed(1)} KB`,
    );
    expect(remote).toBeGreaterThan(0);
    expect(remote).toBeLessThanOrEqual(40 * 1024);
  });
});
