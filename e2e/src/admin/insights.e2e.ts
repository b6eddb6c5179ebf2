import type {
  InsightsActionCount,
  InsightsProductCount,
  InsightsSummary,
  Product,
} from '@vitrine/api-client';
import { formatNumber } from '@vitrine/contracts';
import { waitUntil } from '@vitrine/testing';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { LAPTOP } from '../support/browser';
import { stackUrls } from '../support/stack';
import { apiList, openPage } from '../public/public-site';
import { adminApi, heading, screenshot, useAdminPage } from './admin-helpers';

// A visitor's browser: headless Chromium calls itself HeadlessChrome, which isbot takes,
// rightly, for a robot (so the rest of the suite's pages are never counted).
const VISITOR_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** The table a chart's "Table" button shows, inside the figure named `title`. */
async function tableOf(page: Page, title: string): Promise<Locator> {
  const figure = page.getByRole('figure', { name: title });
  await figure.getByRole('button', { name: 'Table' }).click();
  const table = figure.getByRole('table').first();
  await table.waitFor();
  return table;
}

/** The cells of the row of `table` whose text starts with `first`. */
async function cellsOf(table: Locator, first: string): Promise<string[]> {
  const row = table
    .getByRole('row')
    .filter({ has: table.page().getByRole('cell', { name: first, exact: true }) });
  return (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
}

/** Laid out and painted at a new size: two frames on. */
const twoFrames = (page: Page) =>
  page.evaluate(async () => {
    for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
  });

describe('the Insights page', () => {
  const tab = useAdminPage();
  const read = <T>(what: string) => adminApi<T>(tab.token, 'GET', `/api/insights/${what}`);

  afterEach(() => expect(tab.errors).toEqual([]));

  it('shows what visitors did, in charts whose tables give the API’s numbers, for laptop and phone', async () => {
    const { shell } = stackUrls();
    // Counted from nothing, so that each number is known; the test deletes them again at the
    // end (through the page), as the suite's other counting test expects to find nothing.
    await adminApi(tab.token, 'DELETE', '/api/insights');
    const products = await apiList<Product>('/api/product?limit=50');
    const product = products.find((item) => item.ProductCategory !== 'Linen') ?? products[0];

    // A visitor: the home page and a project (both served by the shell, which counts them),
    // then a WhatsApp chat from the project's page (a beacon).
    const visitor = await tab.browser.newContext({ viewport: LAPTOP, userAgent: VISITOR_AGENT });
    try {
      const page = await visitor.newPage();
      await openPage(page, '/');
      await openPage(page, `/singleproject/${product.slug}`);
      // The chat would open wa.me in a new tab, which this test does not follow.
      await page.evaluate(() =>
        document.addEventListener('click', (event) => event.preventDefault()),
      );
      await page.getByRole('link', { name: 'Ask on WhatsApp' }).click();
      await waitUntil(
        async () => {
          const [actions, top] = await Promise.all([
            read<InsightsActionCount[]>('actions'),
            read<InsightsProductCount[]>('products'),
          ]);
          return (
            actions.find((item) => item.action === 'whatsapp')?.count === 1 &&
            top.find((item) => item.slug === product.slug)?.views === 1
          );
        },
        15_000,
        'the views and the WhatsApp chat counted',
        200,
      );
    } finally {
      await visitor.close();
    }

    const summary = await read<InsightsSummary>('summary');
    expect(summary).toMatchObject({ views: 2, visitors: 1 });

    await tab.page.goto(`${shell}/admin/insights`);
    await heading(tab.page, 'Insights');
    await tab.page
      .getByTestId('stat-Views')
      .filter({ hasText: formatNumber(summary.views) })
      .waitFor();
    expect(await tab.page.getByTestId('stat-Visitors').textContent()).toBe(
      formatNumber(summary.visitors),
    );
    // The charts are drawn, each one labelled image.
    await tab.page.getByRole('img', { name: /^Views and visitors per day from/ }).waitFor();
    expect(
      await tab.page.getByRole('img', { name: /^What visitors did, the last 30 days:/ }).count(),
    ).toBe(1);
    await tab.page.waitForFunction(() => !document.querySelector('.vt-state--loading'));
    expect(await seriousViolations(tab.page)).toEqual([]);
    await screenshot(tab.page, 'admin-insights-1280');

    // The tables say what the API says: today's views and visitors, the chats.
    const today = summary.days.at(-1);
    const daily = await tableOf(tab.page, 'Views and visitors per day');
    const [, year, month, day] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today?.day ?? '') ?? [];
    const todayRow = await cellsOf(daily, `${day}-${month}-${year}`);
    expect(todayRow.slice(0, 3)).toEqual([
      `${day}-${month}-${year}`,
      formatNumber(today?.views ?? -1),
      formatNumber(today?.visitors ?? -1),
    ]);
    expect(todayRow).toEqual([todayRow[0], '2', '1', expect.any(String), '0', '0']);
    const actions = await tableOf(tab.page, 'What visitors did');
    expect(await cellsOf(actions, 'WhatsApp chats')).toEqual(['WhatsApp chats', '1', '100%']);
    const projects = tab.page.getByRole('region', { name: 'Top projects' });
    const projectRow = projects.getByRole('row').filter({ hasText: product.ProductName });
    expect((await projectRow.getByRole('cell').allTextContents()).slice(1)).toEqual([
      product.ProductName,
      '1',
      '1',
      '0',
      '0%',
    ]);

    // Tables open too, at laptop size and on a phone: still no serious violation, and nothing
    // sticks out sideways (the wide tables scroll inside their frames).
    await tableOf(tab.page, 'Phones, tablets and desktops');
    expect(await seriousViolations(tab.page)).toEqual([]);
    await tab.page.setViewportSize({ width: 412, height: 823 });
    await twoFrames(tab.page);
    expect(await seriousViolations(tab.page)).toEqual([]);
    expect(
      await tab.page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
    const figure = tab.page.getByRole('figure', { name: 'Where visitors came from' });
    await figure.getByRole('button', { name: 'Chart' }).click();
    const drawn = figure.getByRole('img', { name: /^Where visitors came from, the last 30 days:/ });
    await drawn.locator('svg').waitFor();
    // The chart fits the phone's width.
    const box = await drawn.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 412).toBe(true);
    await screenshot(tab.page, 'admin-insights-412');
    await tab.page.setViewportSize(LAPTOP);

    // The project's own numbers on its edit screen.
    const [counted] = await read<InsightsProductCount[]>('products');
    await tab.page.goto(`${shell}/admin/edit-product/${counted.id}`);
    const panel = tab.page.getByRole('region', { name: 'Visits to this project, last 30 days' });
    await panel.getByTestId('stat-Views').filter({ hasText: '1' }).waitFor();
    expect(await panel.getByTestId('stat-Visitors').textContent()).toBe('1');

    // Delete all statistics: asked first, then done, said, and the page shows zeros.
    await tab.page.goto(`${shell}/admin/insights`);
    await tab.page.getByTestId('stat-Views').filter({ hasText: '2' }).waitFor();
    await tab.page.getByRole('button', { name: 'Delete all statistics' }).click();
    const dialog = tab.page.getByRole('dialog', { name: 'Delete all statistics?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await tab.page.getByText('All statistics deleted').waitFor();
    await tab.page.getByTestId('stat-Views').filter({ hasText: /^0$/ }).waitFor();
    expect(await read<InsightsSummary>('summary')).toMatchObject({ views: 0, visitors: 0 });
  });
});
