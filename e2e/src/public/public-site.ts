import type { Enquiry, NewEnquiry } from '@vitrine/api-client';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { root, stackUrls } from '../support/stack';

/** Where the public-site browser tests leave their screenshots (looked at by people). */
export const SCREENSHOTS = path.join(root, 'tmp/screenshots');

/**
 * Opens a public page inside the shell and waits until it is really there: its h1 rendered
 * and the brand preloader (home page, first visit) gone.
 */
export async function openPage(page: Page, pathname: string): Promise<void> {
  await page.goto(`${stackUrls().shell}${pathname}`);
  await page.getByTestId('public-mfe').waitFor();
  await page.locator('main h1').first().waitFor();
  await page.getByTestId('preloader').waitFor({ state: 'detached' });
  // The server's HTML is on screen before React has taken it over: wait until it answers.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** A public API list, as the page under test reads it (the source of the expectations). */
export async function apiList<T>(pathAndQuery: string): Promise<T[]> {
  const response = await fetch(`${stackUrls().api}${pathAndQuery}`);
  if (!response.ok) throw new Error(`${pathAndQuery} answered ${response.status}`);
  return (await response.json()) as T[];
}

/** Sends an enquiry as a visitor's form does (no token); the API stores it and answers 201. */
export async function sendEnquiry(enquiry: NewEnquiry): Promise<Enquiry> {
  const response = await fetch(`${stackUrls().api}/api/enquiries`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(enquiry),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Enquiry;
}

/** True while focus is on the element the locator points at. */
export function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** The page's path and query, as the address bar shows them. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return decodeURIComponent(url.pathname + url.search);
}
