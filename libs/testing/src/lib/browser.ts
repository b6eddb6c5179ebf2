import { chromium, type Browser, type BrowserServer } from 'playwright-core';

/** Debian's Chromium; no browser is ever downloaded. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const OPTIONS = {
  executablePath: CHROMIUM,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/** Headless Chromium as the browser tests and the benchmarks drive it. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(OPTIONS);
}

/**
 * The same Chromium as a server that processes and test files connect to with
 * `chromium.connect(server.wsEndpoint())`, instead of each launching its own.
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(OPTIONS);
}
