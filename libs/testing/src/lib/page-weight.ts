import type { Page } from 'playwright-core';

/** One script file a page loaded, as the browser's resource timing saw it. */
export interface ScriptServed {
  url: string;
  /** Its body as it came over the network: compressed (brotli here) when the server did. */
  bytes: number;
}

/** The fields of a resource timing entry read here. */
interface ResourceEntry {
  name: string;
  encodedBodySize: number;
}

/**
 * The JavaScript files a page has loaded so far and their size as served: the compressed body
 * the visitor's browser downloaded (`encodedBodySize`), without the response's headers, which
 * Chromium's `transferSize` adds as a flat 300 bytes a file. Both the home page budget in
 * `bench/web.ts` and the browser test of the remote's share count with this, so they agree.
 */
export async function scriptsServed(page: Page): Promise<ScriptServed[]> {
  return page.evaluate(() =>
    // PerformanceResourceTiming's fields, spelled out: the projects that import this library
    // type-check without the DOM's types, where Node's global of that name is no type.
    (performance.getEntriesByType('resource') as unknown as ResourceEntry[])
      .filter((entry) => /\.js(\?|$)/.test(new URL(entry.name).pathname))
      .map((entry) => ({ url: entry.name, bytes: entry.encodedBodySize })),
  );
}
