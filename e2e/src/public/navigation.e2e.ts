import type { Product } from '@vitrine/api-client';
import { waitUntil } from '@vitrine/testing';
import { apiToken } from '../support/api';
import { LAPTOP, usePage } from '../support/browser';
import { stackUrls } from '../support/stack';
import { apiList, isFocused, openPage, pathOf } from './public-site';

/** The header, the menu, scrolling and unknown addresses. */
describe('getting around', () => {
  const tab = usePage({ viewport: LAPTOP });

  afterEach(() => expect(tab.errors).toEqual([]));

  const headerBackground = () =>
    tab.page
      .locator('header.site-header')
      .evaluate((header) => getComputedStyle(header).backgroundColor);

  it('shows the header see-through over the banner, and white once scrolled', async () => {
    await openPage(tab.page, '/');
    expect(await headerBackground()).toBe('rgba(0, 0, 0, 0)');

    await tab.page.evaluate(() => window.scrollTo(0, 200));
    await tab.page.waitForFunction(
      () =>
        getComputedStyle(document.querySelector('header.site-header') as Element)
          .backgroundColor === 'rgb(255, 255, 255)',
    );

    await tab.page.evaluate(() => window.scrollTo(0, 0));
    await tab.page.waitForFunction(
      () =>
        getComputedStyle(document.querySelector('header.site-header') as Element)
          .backgroundColor === 'rgba(0, 0, 0, 0)',
    );

    // A page without a banner has a white header from the start.
    await openPage(tab.page, '/about');
    expect(await headerBackground()).toBe('rgb(255, 255, 255)');
  });

  it('starts each new page at the top', async () => {
    await openPage(tab.page, '/');
    await tab.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await tab.page.locator('footer.site-footer').getByRole('link', { name: 'Gallery' }).click();
    await tab.page.getByRole('heading', { level: 1, name: 'Fabrics and spaces' }).waitFor();
    expect(await tab.page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('opens the menu from the keyboard, keeps focus in it, and closes on Escape', async () => {
    await openPage(tab.page, '/about');
    const button = tab.page.getByRole('button', { name: 'Menu' });
    await button.focus();
    await tab.page.keyboard.press('Enter');
    const menu = tab.page.getByRole('navigation', { name: 'Main' });
    await menu.waitFor();
    expect(await tab.page.locator('#site-menu').isVisible()).toBe(true);
    expect(
      await tab.page.getByRole('button', { name: 'Close' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(await isFocused(menu.getByRole('link', { name: 'Home' }))).toBe(true);

    for (let i = 0; i < 12; i++) await tab.page.keyboard.press('Tab');
    expect(
      await tab.page.evaluate(() =>
        document.querySelector('header.site-header')?.contains(document.activeElement),
      ),
    ).toBe(true);

    await tab.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await isFocused(tab.page.getByRole('button', { name: 'Menu' }))).toBe(true);

    // And a page chosen from it closes it.
    await tab.page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'Services' }).click();
    await tab.page.getByRole('heading', { level: 1, name: 'Services' }).waitFor();
    expect(await tab.page.locator('#site-menu').isHidden()).toBe(true);
  });

  it('shows a simple list menu on a small screen, and sign-in only in the footer', async () => {
    await tab.page.setViewportSize({ width: 360, height: 740 });
    await openPage(tab.page, '/');
    expect(
      await tab.page
        .getByRole('banner')
        .getByRole('link', { name: /log ?in|sign.in/i })
        .count(),
    ).toBe(0);
    expect(
      await tab.page
        .getByRole('contentinfo')
        .getByRole('link', { name: 'Studio sign-in' })
        .getAttribute('href'),
    ).toBe('/login');
    await tab.page.getByRole('button', { name: 'Menu' }).click();
    const links = tab.page.getByRole('navigation', { name: 'Main' }).getByRole('link');
    expect(await links.allTextContents()).toEqual([
      'Home',
      'About',
      'Gallery',
      'Projects',
      'Services',
      'Reviews',
      'Contact',
    ]);
    await links.filter({ hasText: 'Reviews' }).click();
    await tab.page.getByRole('heading', { level: 1, name: 'Client reviews' }).waitFor();
    expect(pathOf(tab.page)).toBe('/reviews');
  });

  it('opens the privacy note from the footer, saying what is counted and that it keeps no cookie', async () => {
    await openPage(tab.page, '/');
    await tab.page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await tab.page.getByRole('heading', { level: 1, name: 'Privacy' }).waitFor();
    expect(pathOf(tab.page)).toBe('/privacy');
    await tab.page.getByRole('heading', { level: 2, name: 'What is counted' }).waitFor();
    await tab.page.getByText('No cookies, and nothing saved in your browser’s storage.').waitFor();
    await tab.page.getByText(/kept for \d+ months/).waitFor();
  });

  it('redirects an unknown address to the home page, as the spec says', async () => {
    const response = await fetch(`${stackUrls().shell}/this/does/not/exist`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');

    await openPage(tab.page, '/this/does/not/exist');
    await tab.page
      .getByTestId('public-mfe')
      .locator('h1')
      .filter({ hasText: 'Textiles' })
      .waitFor();
    expect(pathOf(tab.page)).toBe('/');
  });

  it('shows review dates day-month-year', async () => {
    await openPage(tab.page, '/reviews');
    const dates = tab.page.locator('main time');
    await dates.first().waitFor();
    for (const text of await dates.allTextContents()) expect(text).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  });
});

describe('counting visits', () => {
  // A visitor's browser: headless Chromium calls itself HeadlessChrome, which isbot takes,
  // rightly, for a robot (so the rest of the suite's pages are never counted).
  const tab = usePage({
    context: (browser) =>
      browser.newContext({
        viewport: LAPTOP,
        userAgent:
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      }),
  });

  afterEach(() => expect(tab.errors).toEqual([]));

  it('counts the page the shell served, the move to a product and the WhatsApp chat', async () => {
    const { api } = stackUrls();
    const auth = { Authorization: `Bearer ${await apiToken(api)}` };
    const read = async (what: string) =>
      (await fetch(`${api}/api/insights/${what}`, { headers: auth })).json();
    const [product] = await apiList<Product>('/api/product?category=Linen&limit=1');

    await openPage(tab.page, '/product?category=Linen');
    await tab.page.getByRole('link', { name: product.ProductName, exact: true }).click();
    await tab.page.getByRole('heading', { level: 1, name: product.ProductName }).waitFor();
    // The chat would open wa.me in a new tab, which this test does not follow.
    await tab.page.evaluate(() =>
      document.addEventListener('click', (event) => event.preventDefault()),
    );
    await tab.page.getByRole('link', { name: 'Ask on WhatsApp' }).click();

    const counted = async () => {
      const [pages, actions] = await Promise.all([read('pages'), read('actions')]);
      const views = (path: string) =>
        (pages as { path: string; views: number }[]).find((page) => page.path === path)?.views;
      const chats = (actions as { action: string; count: number }[]).find(
        (item) => item.action === 'whatsapp',
      )?.count;
      return { list: views('/product'), product: views(`/singleproject/${product.slug}`), chats };
    };
    await waitUntil(
      async () => (await counted()).chats === 1,
      15_000,
      'the WhatsApp chat counted',
      200,
    );
    expect(await counted()).toEqual({ list: 1, product: 1, chats: 1 });
    expect((await read('summary')).visitors).toBe(1);
  });
});
