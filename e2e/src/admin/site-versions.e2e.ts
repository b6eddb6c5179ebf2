import type { Schemas } from '@vitrine/api-client';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { stackUrls } from '../support/stack';
import { adminApi, heading, screenshot, useAdminPage } from './admin-helpers';

// Fake versions: the e2e shells do not load versioned deploys, so these are only ever named
// by the pointer, never served, which is what the screen shows while the shells check one.
const FIRST = 'aaaaaaaaaaaa-e2e1';
const SECOND = 'bbbbbbbbbbbb-e2e2';

/** Elements that stick out of the page sideways (outside any frame that scrolls), at most 6. */
function stickingOut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (el: Element) =>
      ['auto', 'scroll', 'hidden'].includes(getComputedStyle(el).overflowX);
    return Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.right <= width + 1) return false;
        for (let parent = el.parentElement; parent && parent !== document.body;) {
          if (scrolls(parent)) return false;
          parent = parent.parentElement;
        }
        return true;
      })
      .slice(0, 6)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className)} → ${Math.round(el.getBoundingClientRect().right)}px`,
      );
  });
}

describe('the Site versions screen', () => {
  const tab = useAdminPage();

  beforeAll(async () => {
    for (const version of [FIRST, SECOND]) {
      await adminApi(tab.token, 'POST', '/api/deployments/public_mfe/versions', {
        version,
        environment: 'production',
      });
    }
  });

  afterEach(() => expect(tab.errors).toEqual([]));

  it('rolls the public site back through the dialog, and is accessible on a laptop and a phone', async () => {
    const { page } = tab;
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${stackUrls().shell}/admin/versions`);
    await heading(page, 'Site versions');
    expect(await page.title()).toBe('Site versions · Vitrine admin');
    const site = page.getByRole('region', { name: 'Public site' });

    // Both published, the second named by the pointer: not served, so being checked.
    await site.getByRole('button', { name: `Serve this version: ${FIRST}` }).waitFor();
    expect(await site.locator(`code[title="${SECOND}"]`).count()).toBeGreaterThan(0);
    const switching = site.locator('dt:has-text("Switching to") + dd');
    expect(await switching.textContent()).toContain(`${SECOND} checking…`);
    expect(await seriousViolations(page)).toEqual([]);

    await site.getByRole('button', { name: `Roll back to ${FIRST}` }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Roll the public site back to aaaaaaa…aa-e2e1?',
    });
    await dialog.getByRole('button', { name: 'Roll back' }).click();
    await page.getByText('Rolled the public site back to aaaaaaa…aa-e2e1').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The screen read the pointer again: its history says who rolled it back.
    const newest = site.getByRole('table', { name: 'History' }).getByRole('row').nth(1);
    await newest.filter({ hasText: 'rolled back' }).waitFor();
    expect(await newest.getByRole('cell').allTextContents()).toEqual([
      expect.stringContaining(FIRST),
      'rolled back',
      'admin',
      expect.stringMatching(/^\d\d \w{3,4} \d{4}, \d\d:\d\d$/),
    ]);
    await site.getByRole('button', { name: `Serve this version: ${SECOND}` }).waitFor();
    const [publicSite] = await adminApi<Schemas['RemoteDeploymentResponse'][]>(
      tab.token,
      'GET',
      '/api/deployments?environment=production',
    );
    // Rolled back from SECOND, with nothing earlier: no rollback goes forward again to it.
    expect(publicSite).toMatchObject({ remote: 'public_mfe', current: FIRST, previous: null });
    expect(await site.getByRole('button', { name: /^Roll back to/ }).count()).toBe(0);
    expect(publicSite.moves[0]).toMatchObject({ version: FIRST, action: 'rollback', by: 'admin' });
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-versions-1366');

    await page.setViewportSize({ width: 390, height: 844 });
    // Laid out and painted at the new size: two frames on.
    await page.evaluate(async () => {
      for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
    });
    await screenshot(page, 'admin-versions-390');
    expect(await stickingOut(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
