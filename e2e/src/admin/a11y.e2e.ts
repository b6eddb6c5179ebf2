import { seriousViolations } from '../support/axe';
import { trackPageErrors } from '../support/browser';
import { stackUrls } from '../support/stack';
import { heading, screenshot, useAdminPage } from './admin-helpers';

const SCREENS: ReadonlyArray<[path: string, title: string]> = [
  ['overview', 'Overview'],
  ['insights', 'Insights'],
  ['user', 'Users'],
  ['add-user', 'Add User'],
  ['product', 'Projects'],
  // Sorted by their place, the lists show the move buttons.
  ['product?show=featured&sort=featuredOrder', 'Projects'],
  ['add-product', 'Add Project'],
  ['service', 'Services'],
  ['add-service', 'Add Service'],
  ['review', 'Reviews'],
  ['review?sort=order', 'Reviews'],
  ['add-review', 'Add Review'],
  ['gallery', 'Gallery'],
  ['media', 'Media library'],
  ['enquiries', 'Enquiries'],
  ['settings', 'Site settings'],
  ['audit', 'Audit log'],
  ['account', 'My account'],
  ['trash', 'Trash'],
  ['backups', 'Backups'],
  ['tokens', 'API tokens'],
  ['webhooks', 'Webhooks'],
];

/** `product?show=featured` → `product-show-featured`. */
const fileName = (path: string) => path.replace(/[?&=]+/g, '-');

describe('the admin screens are accessible', () => {
  const tab = useAdminPage();

  it.each(SCREENS)(
    '/admin/%s has one h1, a title and no serious axe violations',
    async (path, title) => {
      const { shell } = stackUrls();
      const errors = trackPageErrors(tab.page);
      await tab.page.setViewportSize({ width: 1366, height: 768 });
      await tab.page.goto(`${shell}/admin/${path}`);
      await heading(tab.page, title);
      // Lists settle when their rows (or empty state) replace the loading state.
      await tab.page.waitForFunction(() => !document.querySelector('.vt-state--loading'));
      expect(await tab.page.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await tab.page.title()).toBe(`${title} · Vitrine admin`);
      expect(await tab.page.getByRole('main').count()).toBe(1);
      expect(await tab.page.getByRole('navigation', { name: 'Admin' }).count()).toBe(1);
      expect(await seriousViolations(tab.page)).toEqual([]);
      await screenshot(tab.page, `admin-${fileName(path)}-1366`);

      await tab.page.setViewportSize({ width: 390, height: 844 });
      // Laid out and painted at the new size: two frames on.
      await tab.page.evaluate(async () => {
        for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
      });
      await screenshot(tab.page, `admin-${fileName(path)}-390`);
      // Narrow screens: nothing sticks out sideways (wide tables scroll inside their frame).
      const sticking = await tab.page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const scrolls = (el: Element) =>
          ['auto', 'scroll', 'hidden'].includes(getComputedStyle(el).overflowX);
        return Array.from(document.querySelectorAll<HTMLElement>('body *'))
          .filter((el) => {
            const box = el.getBoundingClientRect();
            if (box.width === 0 || box.right <= width + 1) return false;
            for (
              let parent = el.parentElement;
              parent && parent !== document.body;
              parent = parent.parentElement
            ) {
              if (scrolls(parent)) return false;
            }
            return true;
          })
          .slice(0, 6)
          .map(
            (el) =>
              `${el.tagName.toLowerCase()}.${String(el.className)} → ${Math.round(el.getBoundingClientRect().right)}px`,
          );
      });
      expect(sticking).toEqual([]);
      expect(await seriousViolations(tab.page)).toEqual([]);
      expect(errors).toEqual([]);
    },
  );
});
