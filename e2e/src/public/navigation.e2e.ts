import { LAPTOP, usePage } from '../support/browser';
import { stackUrls } from '../support/stack';
import { isFocused, openPage, pathOf } from './public-site';

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
