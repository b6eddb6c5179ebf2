import type { Product, SiteSettings } from '@vitrine/api-client';
import { seriousViolations } from '../support/axe';
import { trackPageErrors } from '../support/browser';
import { stackUrls } from '../support/stack';
import {
  adminApi,
  createProject,
  heading,
  screenshot,
  unique,
  useAdminPage,
} from './admin-helpers';

/*
 * Issue 36 in the admin: the owner finds a project that misses its Hindi translation under
 * "Missing Hindi", translates it side by side, saves, sees it leave the filter, and the
 * Hindi reading of the project shows it. Then she makes Hindi the site's default language.
 */

type AdminSettings = SiteSettings & {
  languages?: string[];
  translationStatus?: unknown;
};

/** The settings as a PUT takes them back: without what only the server writes. */
function asBody(settings: AdminSettings): Record<string, unknown> {
  const { updatedAt: _updatedAt, translationStatus: _status, ...rest } = settings;
  return rest;
}

describe('translating a project side by side', () => {
  const tab = useAdminPage();
  const id = unique();
  const name = `Indigo courtyard ${id}`;
  const hindiName = `नील आँगन ${id}`;
  const hindiSlug = `neel-aangan-${id}`;
  let before: AdminSettings;
  let project: Product;

  beforeAll(async () => {
    // The site in English and Hindi, whatever it had (the demo seed has both).
    before = await adminApi<AdminSettings>(tab.token, 'GET', '/api/settings');
    await adminApi(tab.token, 'PUT', '/api/settings', {
      ...asBody(before),
      languages: ['en', 'hi'],
    });
    // A project with no Hindi at all: its name, category, heading and description miss it.
    project = await createProject(tab.token, {
      ProductName: name,
      ProductHeading: 'Light through linen',
      ProductDescription: '<p>Hand woven linen for a courtyard house.</p>',
      published: 'true',
    });
  });

  afterAll(async () => {
    await adminApi(tab.token, 'PUT', '/api/settings', asBody(before));
  });

  it('finds it under “Missing Hindi”, translates it, and it leaves the filter', async () => {
    const { shell } = stackUrls();
    const errors = trackPageErrors(tab.page);
    const page = tab.page;
    await page.goto(`${shell}/admin/product?q=${encodeURIComponent(id)}`);
    await heading(page, 'Projects');
    await page.getByRole('combobox', { name: 'Translation' }).selectOption('hi');
    await page.waitForURL((url) => url.searchParams.get('missing') === 'hi');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText(/Hindi: \d+ missing/).waitFor();

    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await heading(page, 'Edit Project');
    await page.getByRole('radio', { name: /^Hindi/ }).check();
    const hindi = page.getByRole('region', { name: 'Hindi translation' });
    // The English text read-only beside each Hindi input.
    await hindi.getByText(name, { exact: true }).waitFor();
    expect(await hindi.getByText(name, { exact: true }).getAttribute('lang')).toBe('en');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-translation-hi-1280');
    // On a phone the English text stands above its Hindi input, nothing sticking out.
    await page.setViewportSize({ width: 390, height: 844 });
    const nameRow = hindi.locator('.adm-translation-row').first();
    const source = await nameRow.locator('.adm-translation-row__source').boundingBox();
    const input = await hindi.getByRole('textbox', { name: 'Name (Hindi)' }).boundingBox();
    expect(source && input && input.y >= source.y + source.height).toBe(true);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
    await screenshot(page, 'admin-translation-hi-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    await hindi.getByRole('textbox', { name: 'Name (Hindi)' }).fill(hindiName);
    await hindi.getByRole('textbox', { name: 'Category (Hindi)' }).fill('लिनन');
    await hindi.getByRole('textbox', { name: 'Heading (Hindi)' }).fill('लिनन से छनती रोशनी');
    const description = hindi.getByRole('textbox', { name: 'Description (Hindi)' });
    await description.click();
    await page.keyboard.type('आँगन वाले घर के लिए हाथ से बुना लिनन।');
    await hindi.getByRole('textbox', { name: 'Page address (Hindi)' }).fill(hindiSlug);
    // Every field the English has is translated now.
    await page.getByRole('radio', { name: /^Hindi · complete/ }).waitFor();

    await page.getByRole('button', { name: 'Save project' }).click();
    await page.getByText('Project saved').waitFor();
    // Back in the list it came from, still filtered: the project is no longer in it.
    await page.waitForURL(
      (url) => url.pathname === '/admin/product' && url.searchParams.get('missing') === 'hi',
    );
    await page.getByText(`Nothing matches “${id}”`).waitFor();
    expect(await page.getByRole('row').filter({ hasText: name }).count()).toBe(0);

    // Without the filter it is listed, translated.
    await page.getByRole('combobox', { name: 'Translation' }).selectOption('');
    await page.getByRole('row').filter({ hasText: name }).getByText('Hindi ✓').waitFor();
    expect(errors).toEqual([]);
  });

  it('is read in Hindi by its Hindi address, with the translated texts', async () => {
    const { api, shell } = stackUrls();
    // The Hindi page, as the shell's server renders it for a visitor.
    const page = await fetch(`${shell}/hi/singleproject/${hindiSlug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<html lang="hi"/);
    expect(html).toContain(hindiName);
    expect(html).toContain('आँगन वाले घर के लिए हाथ से बुना लिनन।');

    const response = await fetch(`${api}/api/product/singleproject/${hindiSlug}?locale=hi`);
    expect(response.status).toBe(200);
    const read = (await response.json()) as Product & {
      locale: string;
      fallbackFields: string[];
      slugs: Record<string, string>;
    };
    expect(read._id).toBe(project._id);
    expect(read.locale).toBe('hi');
    expect(read.ProductName).toBe(hindiName);
    expect(read.ProductHeading).toBe('लिनन से छनती रोशनी');
    expect(read.ProductDescription).toContain('आँगन वाले घर के लिए हाथ से बुना लिनन।');
    expect(read.fallbackFields).toEqual([]);
    expect(read.slugs).toEqual({ en: project.slug, hi: hindiSlug });

    // The English reading is what it was.
    const english = (await (
      await fetch(`${api}/api/product/singleproject/${project.slug}`)
    ).json()) as Product;
    expect(english.ProductName).toBe(name);
  });

  it('makes Hindi the default in Settings: the unprefixed pages answer Hindi, English moves', async () => {
    const { shell } = stackUrls();
    const errors = trackPageErrors(tab.page);
    const page = tab.page;
    try {
      await page.goto(`${shell}/admin/settings`);
      await heading(page, 'Site settings');
      const languages = page.getByRole('region', { name: 'Languages' });
      await languages.getByRole('button', { name: 'Make default: Hindi' }).click();
      const dialog = page.getByRole('dialog', { name: 'Make Hindi the default language?' });
      await dialog.getByRole('button', { name: 'Make Hindi the default' }).click();
      await languages.getByRole('listitem').first().getByText('Default').waitFor();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Settings saved: Hindi is the default language').waitFor();
      expect(errors).toEqual([]);

      // The project's Hindi address without a prefix, in Hindi, as the server renders it.
      const hindi = await fetch(`${shell}/singleproject/${hindiSlug}`);
      expect(hindi.status).toBe(200);
      const html = await hindi.text();
      expect(html).toMatch(/<html lang="hi"/);
      expect(html).toContain(hindiName);
      // The Hindi prefix is the default's now: a 301 to the address without it.
      const prefixed = await fetch(`${shell}/hi/singleproject/${hindiSlug}`, {
        redirect: 'manual',
      });
      expect(prefixed.status).toBe(301);
      expect(prefixed.headers.get('location')).toBe(`/singleproject/${hindiSlug}`);
      // English under its prefix, with its own address and texts.
      const english = await fetch(`${shell}/en/singleproject/${project.slug}`);
      expect(english.status).toBe(200);
      const englishHtml = await english.text();
      expect(englishHtml).toMatch(/<html lang="en"/);
      expect(englishHtml).toContain(name);

      // A visitor's Chromium: the Hindi page hydrates without a warning, its switcher keeps
      // the project and leads to the English one.
      const visitor = trackPageErrors(page);
      await page.goto(`${shell}/singleproject/${hindiSlug}`);
      await page.getByRole('heading', { level: 1, name: hindiName }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
      await page.locator('.language-switcher__link[hreflang="en"]:visible').first().click();
      await page.waitForURL(`${shell}/en/singleproject/${project.slug}`);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      expect(visitor).toEqual([]);
    } finally {
      // English the default again, the site's layout as the other tests expect it.
      const now = await adminApi<AdminSettings>(tab.token, 'GET', '/api/settings');
      const { translations: _translations, ...body } = asBody(now);
      await adminApi(tab.token, 'PUT', '/api/settings', { ...body, languages: ['en', 'hi'] });
    }
    const back = await (await fetch(`${shell}/singleproject/${project.slug}`)).text();
    expect(back).toMatch(/<html lang="en"/);
    expect(back).toContain(name);
  });
});
