import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '@vitrine/testing';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Download,
  type Page,
} from 'playwright-core';

/** Collects uncaught page errors so a test can assert that none happened. */
export function trackPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

/**
 * Records every layout shift of the pages `page` opens from their first paint on, as
 * Chromium reports them (not those right after the user's input); read them with
 * layoutShifts(). Call before the page's first `goto`.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    /** `tag.class`; an element without a class is told by its first child's. */
    const describe = (node: Node | null): string => {
      if (!(node instanceof Element)) return String(node?.nodeName);
      const name = `${node.tagName.toLowerCase()}${node.className ? `.${node.className}` : ''}`;
      return !node.className && node.firstElementChild
        ? `${name} > ${describe(node.firstElementChild)}`
        : name;
    };
    const w = window as unknown as { __shifts: string[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const moved = (entry.sources ?? []).map((source) => describe(source.node));
        w.__shifts.push(
          `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join(', ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts recordLayoutShifts() has seen on the page, two frames on (the last are reported). */
export function layoutShifts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
    return (window as unknown as { __shifts: string[] }).__shifts;
  });
}

/**
 * Counts the fetches in flight in the pages `page` opens, for untilSettled(). Call before the
 * page's first `goto`.
 */
export async function countFetches(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __fetching: number };
    w.__fetching = 0;
    const fetch = window.fetch.bind(window);
    window.fetch = (...args) => {
      w.__fetching += 1;
      return fetch(...args).finally(() => {
        w.__fetching -= 1;
      });
    };
  });
}

/**
 * Waits until a public page is all there and still: loaded, hydrated (`html[data-hydrated]`),
 * its h1 drawn, and two frames in a row with no fetch in flight, so what the page asked the
 * API for has come and been rendered. Needs countFetches(); the precise signal where
 * `networkidle` waits half a second of silence.
 */
export async function untilSettled(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.locator('main h1').first().waitFor({ state: 'attached' });
  await page.evaluate(async () => {
    const fetching = () => (window as unknown as { __fetching: number }).__fetching;
    for (let quietFrames = 0; quietFrames < 2;) {
      await new Promise(requestAnimationFrame);
      quietFrames = fetching() === 0 ? quietFrames + 1 : 0;
    }
  });
}

/** The laptop most specs look through. */
export const LAPTOP = { width: 1280, height: 900 };

/** A mid-range phone, as bench:web's mobile profile has it: a context's options. */
export const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
};

export interface PageOptions {
  /** The page's size (`LAPTOP`, a phone's); Playwright's 1280 × 720 when not given. */
  viewport?: { width: number; height: number };
  /**
   * The context to open the page in, e.g. signed in (`signedInContext`); by default a fresh
   * one of `viewport`. It is closed after the test.
   */
  context?(browser: Browser): Promise<BrowserContext>;
}

/** What `usePage()` gives a test: filled in before each test, the page closed after it. */
export interface TestPage {
  /** The browser the file's tests share, for a second visitor or a context of their own. */
  readonly browser: Browser;
  readonly context: BrowserContext;
  /** This test's own page. */
  readonly page: Page;
  /** The page's uncaught errors, for a test to assert that none happened. */
  readonly errors: Error[];
}

// One connection per spec file (jest gives each file its own modules) to the run's Chromium
// (global setup launches it), made by the first block that asks for it and closed after the
// last one, which closes the file's contexts. Outside a jest run with global setup, the
// file launches its own.
let shared: Promise<Browser> | undefined;
let users = 0;

async function acquireBrowser(): Promise<Browser> {
  users += 1;
  const server = process.env.VITRINE_E2E_BROWSER;
  shared ??= server ? chromium.connect(server) : launchBrowser();
  return shared;
}

async function releaseBrowser(): Promise<void> {
  users -= 1;
  if (users > 0 || !shared) return;
  const browser = shared;
  shared = undefined;
  await (await browser).close();
}

/**
 * The browser for the tests of the enclosing describe block, for tests that open their own
 * pages and contexts: launched (or the file's running one reused) before them, closed after
 * the file's last block that uses it. The returned object is filled in before the first test.
 */
export function useBrowser(): { readonly browser: Browser } {
  const handle = {} as { browser: Browser };
  beforeAll(async () => {
    handle.browser = await acquireBrowser();
  });
  afterAll(() => releaseBrowser());
  return handle;
}

/**
 * A fresh page for each test of the enclosing describe block (its own context: nothing in
 * storage from the test before), closed after the test, in the browser the file's tests
 * share (`useBrowser()`). The returned object is filled in before each test.
 */
export function usePage(options: PageOptions = {}): TestPage {
  const shared = useBrowser();
  const handle = {} as { -readonly [K in keyof TestPage]: TestPage[K] };
  beforeEach(async () => {
    handle.browser = shared.browser;
    handle.context = options.context
      ? await options.context(shared.browser)
      : await shared.browser.newContext(options.viewport ? { viewport: options.viewport } : {});
    handle.page = await handle.context.newPage();
    handle.errors = trackPageErrors(handle.page);
  });
  afterEach(() => handle.context?.close());
  return handle;
}

/**
 * A finished download, saved where the test can read it: the browser runs as a server the
 * test files connect to, so Playwright hands the file over rather than naming its own path.
 */
export async function savedDownload(download: Download): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-download-'));
  const file = path.join(folder, download.suggestedFilename());
  await download.saveAs(file);
  return file;
}
