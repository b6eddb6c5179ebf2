import type { Product } from '@vitrine/api-client';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { apiToken } from '../support/api';
import { usePage, type TestPage } from '../support/browser';
import { E2E_ADMIN, root, stackUrls } from '../support/stack';

/** Where screenshots of the admin screens go, for people to look at. */
export const SCREENSHOTS = path.join(root, 'tmp/screenshots');

/**
 * A fresh browser context (its own localStorage) that starts signed in with `token`: the
 * token is put in place before the first page runs, once, as the login page would leave it.
 */
export async function signedInContext(browser: Browser, token: string): Promise<BrowserContext> {
  // Under the shell's real Content-Security-Policy: the axe helper evaluates its script.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((value: string) => {
    if (!sessionStorage.getItem('e2e-token-placed')) {
      localStorage.setItem('token', value);
      sessionStorage.setItem('e2e-token-placed', 'yes');
    }
  }, token);
  return context;
}

export async function adminToken(): Promise<string> {
  return apiToken(stackUrls().api, E2E_ADMIN);
}

/**
 * `usePage()` signed in as the administrator: each test's page starts signed in, and
 * `token` (theirs, fetched once before the block's tests) calls the API.
 */
export function useAdminPage(): TestPage & { readonly token: string } {
  let token = '';
  const tab = usePage({ context: (browser) => signedInContext(browser, token) });
  beforeAll(async () => {
    token = await adminToken();
  });
  return Object.defineProperty(tab, 'token', { get: () => token }) as TestPage & {
    readonly token: string;
  };
}

/** Calls the API as the administrator and returns the parsed JSON answer. */
export async function adminApi<T>(
  token: string,
  method: string,
  apiPath: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${stackUrls().api}${apiPath}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${apiPath} answered ${response.status}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** A small PNG of one colour, made here so no fixture file is needed. */
export async function png(
  name: string,
  colour: { r: number; g: number; b: number },
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({
    create: { width: 480, height: 360, channels: 3, background: colour },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** The picker's "Choose files" input (hidden behind its button, which opens it). */
export const pickerFiles = (dialog: Locator) => dialog.locator('input[type=file]');

/**
 * Uploads one image into the media library from a picker dialog, then writes its alt text
 * in its grid cell, where the picker asks for it once the upload is done.
 */
export async function uploadInPicker(
  dialog: Locator,
  file: Awaited<ReturnType<typeof png>>,
  alt: string,
) {
  const uploaded = dialog.getByRole('list', { name: 'Images just uploaded' }).getByRole('listitem');
  const before = await uploaded.count();
  await pickerFiles(dialog).setInputFiles(file);
  await uploaded.nth(before).waitFor();
  // The newest upload comes first.
  await uploaded
    .first()
    .getByRole('textbox', { name: /^Alt text for chosen/ })
    .fill(alt);
  await dialog.getByRole('status').filter({ hasText: alt }).waitFor();
}

/** A unique suffix, so reruns against the same data never collide. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A new administrator made through the API, with a name and e-mail of their own. */
export async function createAdministrator(UserName: string, Password: string): Promise<void> {
  await adminApi(await adminToken(), 'POST', '/api/user', {
    FirstName: 'Nisha',
    LastName: 'Rao',
    UserName,
    Email: `${UserName}@example.com`,
    Number: '+91 98765 11111',
    Password,
    isAdmin: true,
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Waits for an admin screen's h1. */
export async function heading(page: Page, name: string | RegExp) {
  const h1 = page.getByRole('heading', { level: 1, name });
  await h1.waitFor();
  return h1;
}

/** Creates a published project through the API (multipart, as the admin form sends it). */
export async function createProject(
  token: string,
  fields: Record<string, string>,
  image?: Awaited<ReturnType<typeof png>>,
): Promise<Product> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ProductCategory: 'Linen', ...fields }))
    form.append(name, value);
  if (image) {
    const bytes = new Blob([new Uint8Array(image.buffer)], { type: image.mimeType });
    form.append('Userimg', bytes, image.name);
  }
  const response = await fetch(`${stackUrls().api}/api/product`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`POST /api/product answered ${response.status}`);
  return (await response.json()) as Product;
}
