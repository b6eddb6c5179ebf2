import type { Product, ProductCategory, Service } from '@vitrine/api-client';
import { LAPTOP, trackPageErrors, usePage } from '../support/browser';
import { apiList, isFocused, openPage, pathOf } from './public-site';

/** Products, services and the gallery: tabs, filters, deep links and the lightbox. */
describe('browsing the catalogue', () => {
  const tab = usePage({ viewport: LAPTOP });

  afterEach(() => expect(tab.errors).toEqual([]));

  const tabs = () => tab.page.getByRole('navigation', { name: 'Project categories' });
  const productNames = () => tab.page.locator('main .product-card h3').allTextContents();

  it('opens the tab a link names, lists its products, and a card opens the product', async () => {
    const linen = await apiList<Product>('/api/product?category=Linen&limit=100');
    await openPage(tab.page, '/product?category=Linen');

    const current = tabs().locator('[aria-current="page"]');
    await current.waitFor();
    expect(await current.count()).toBe(1);
    expect(await current.textContent()).toMatch(/^Linen/);
    await tab.page.getByRole('heading', { level: 2, name: 'Linen' }).waitFor();
    await tab.page.locator('main .product-card').first().waitFor();
    expect(await productNames()).toEqual(linen.map((product) => product.ProductName));

    const first = linen[0];
    await tab.page.getByRole('link', { name: first.ProductName, exact: true }).click();
    await tab.page.getByRole('heading', { level: 1, name: first.ProductName }).waitFor();
    expect(pathOf(tab.page)).toBe(`/singleproject/${first.slug}`);
  });

  it('offers one tab per category in use, and moves between them by keyboard', async () => {
    const categories = await apiList<ProductCategory>('/api/product/getcategory');
    await openPage(tab.page, '/product');
    const links = tabs().getByRole('link');
    await links.first().waitFor();
    expect((await links.allTextContents()).map((text) => text.replace(/\d+$/, ''))).toEqual(
      categories.map((category) => category.ProductCategory),
    );
    // Without ?category the first tab is the one shown.
    expect(await links.first().getAttribute('aria-current')).toBe('page');

    const second = categories[1].ProductCategory;
    await links.nth(1).focus();
    await tab.page.keyboard.press('Enter');
    await tab.page.getByRole('heading', { level: 2, name: second }).waitFor();
    expect(pathOf(tab.page)).toBe(`/product?category=${second}`);
    expect(await links.nth(1).getAttribute('aria-current')).toBe('page');
    expect(await isFocused(links.nth(1))).toBe(true);
  });

  it('loads a product from its address alone, in a fresh page', async () => {
    const [product] = await apiList<Product>('/api/product?category=Khadi&limit=1');
    const fresh = await tab.browser.newPage();
    const freshErrors = trackPageErrors(fresh);
    try {
      await openPage(fresh, `/singleproject/${product.slug}`);
      expect(await fresh.locator('h1').textContent()).toBe(product.ProductName);
      const price = new Intl.NumberFormat('en-IN', {
        style: 'currency',
        currency: 'INR',
        maximumFractionDigits: 0,
      }).format(Number(product.ProductPrice));
      expect(await fresh.locator('main').textContent()).toContain(price);
      // The category's other products, and the photo carousel.
      await fresh.getByRole('heading', { level: 2, name: 'More in Khadi' }).waitFor();
      await fresh.getByRole('region', { name: /^Photos of/ }).waitFor();
      expect(freshErrors).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('resolves an old /singleproject link with { category, name } state to the product', async () => {
    const [product] = await apiList<Product>('/api/product?category=Linen&limit=1');
    await openPage(tab.page, '/about');
    // What the original cards did: navigate to /singleproject carrying the state.
    await tab.page.evaluate(
      ({ category, name }) => {
        window.history.pushState(
          { usr: { category, name }, key: 'legacy', idx: 1 },
          '',
          '/singleproject',
        );
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      },
      { category: product.ProductCategory, name: product.ProductName },
    );
    await tab.page.getByRole('heading', { level: 1, name: product.ProductName }).waitFor();
    expect(pathOf(tab.page)).toBe(`/singleproject/${product.slug}`);
  });

  it('says a product or service is not there, with ways back', async () => {
    await openPage(tab.page, '/singleproject');
    expect(await tab.page.locator('h1').textContent()).toBe('Project not found');

    await openPage(tab.page, '/singleproject/no-such-product');
    expect(await tab.page.locator('h1').textContent()).toBe('Project not found');
    expect(
      await tab.page.getByRole('link', { name: 'See all projects' }).getAttribute('href'),
    ).toBe('/product');
    expect(
      await tab.page.getByRole('link', { name: 'Back to the home page' }).getAttribute('href'),
    ).toBe('/');

    await openPage(tab.page, '/singleservice/no-such-service');
    expect(await tab.page.locator('h1').textContent()).toBe('Service not found');
    expect(
      await tab.page.getByRole('link', { name: 'See all services' }).getAttribute('href'),
    ).toBe('/service');
  });

  it('filters the services by category in the address, and a card opens the service', async () => {
    const all = await apiList<Service>('/api/service?limit=100');
    const landscape = all.filter((service) => service.ServiceCategory === 'Landscape');
    await openPage(tab.page, '/service');
    const cards = tab.page.locator('main .service-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(all.length);

    const filter = tab.page.getByRole('navigation', { name: 'Service categories' });
    expect(
      (await filter.getByRole('link').allTextContents()).map((t) => t.replace(/\d+$/, '')),
    ).toEqual(
      expect.arrayContaining([
        'All',
        'Architecture',
        'Landscape',
        'Vastu Consultancy',
        'Modular Kitchen',
      ]),
    );
    await filter.getByRole('link', { name: /^Landscape/ }).click();
    await tab.page.waitForURL(/\/service\?category=Landscape$/);
    await tab.page.waitForFunction(
      (count) => document.querySelectorAll('main .service-card').length === count,
      landscape.length,
    );
    expect(landscape.length).toBeLessThan(all.length);
    expect(await tab.page.locator('main .content-card__category').allTextContents()).toEqual(
      landscape.map(() => 'Landscape'),
    );

    await filter.getByRole('link', { name: /^All/ }).click();
    await tab.page.waitForURL(/\/service$/);
    await tab.page.waitForFunction(
      (count) => document.querySelectorAll('main .service-card').length === count,
      all.length,
    );

    await tab.page.getByRole('link', { name: landscape[0].ServiceName, exact: true }).click();
    await tab.page.getByRole('heading', { level: 1, name: landscape[0].ServiceName }).waitFor();
    expect(pathOf(tab.page)).toBe(`/singleservice/${landscape[0].slug}`);
    expect(await tab.page.locator('main').textContent()).toContain('₹');
  });

  it('opens a gallery picture with Enter, moves with the arrows, and closes with Escape on the picture shown', async () => {
    const gallery = await apiList<{ alt: string }>('/api/gallery?limit=100');
    await openPage(tab.page, '/gallery');
    const thumbnails = tab.page.locator('main .gallery-grid__item');
    await thumbnails.first().waitFor();
    expect(await thumbnails.count()).toBe(gallery.length);

    const second = thumbnails.nth(1);
    await second.focus();
    await tab.page.keyboard.press('Enter');
    const dialog = tab.page.getByRole('dialog');
    await dialog.waitFor();
    const caption = dialog.locator('figcaption');
    expect(await caption.textContent()).toBe(gallery[1].alt);
    expect(await dialog.locator('img').getAttribute('alt')).toBe(gallery[1].alt);
    expect(await dialog.getAttribute('aria-modal')).toBe('true');

    await tab.page.keyboard.press('ArrowRight');
    expect(await caption.textContent()).toBe(gallery[2].alt);

    // Tab stays inside the viewer.
    for (let i = 0; i < 5; i++) await tab.page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    // Focus goes back to the thumbnail of the picture last shown, not the one that opened it.
    await tab.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await isFocused(thumbnails.nth(2))).toBe(true);
  });
});
