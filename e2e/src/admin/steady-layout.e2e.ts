import { LAPTOP, PHONE, layoutShifts, recordLayoutShifts } from '../support/browser';
import { stackUrls } from '../support/stack';
import { heading, useAdminPage } from './admin-helpers';

const SCREENS = [
  { pathname: '/admin/product', title: 'Projects', list: true },
  { pathname: '/admin/service', title: 'Services', list: true },
  { pathname: '/admin/review', title: 'Reviews', list: true },
  { pathname: '/admin/user', title: 'Users', list: true },
  { pathname: '/admin/account', title: 'My account', list: false },
];

/**
 * The admin holds still while its data comes: a list's columns are as wide before its rows
 * arrive as after (they were sized by the header alone, then widened), and the signed-in
 * block in the menu keeps the line of the e-mail address it has not read yet.
 */
describe('the admin screens hold still while their data comes', () => {
  const tab = useAdminPage();

  afterEach(() => expect(tab.errors).toEqual([]));

  for (const [device, viewport] of [
    ['a laptop', LAPTOP],
    ['a phone', PHONE.viewport],
  ] as const) {
    it(`moves nothing on the lists and the account page on ${device}`, async () => {
      await tab.page.setViewportSize(viewport);
      await recordLayoutShifts(tab.page);
      const seen = [];
      for (const screen of SCREENS) {
        await tab.page.goto(`${stackUrls().shell}${screen.pathname}`);
        await heading(tab.page, screen.title);
        if (screen.list) await tab.page.locator('tbody tr[data-row-key]').first().waitFor();
        // The menu's profile has its user record (its e-mail) once it is all there.
        await tab.page.getByTestId('profile-email').filter({ hasText: '@' }).waitFor({
          state: 'attached',
        });
        await tab.page.waitForLoadState('networkidle');
        // Every shift, with the elements it moved: `0.0017 at 1222 ms: th, th.adm-col-name, …`.
        seen.push({ screen: screen.pathname, shifts: await layoutShifts(tab.page) });
      }
      expect(seen).toEqual(SCREENS.map(({ pathname }) => ({ screen: pathname, shifts: [] })));
    });
  }
});
