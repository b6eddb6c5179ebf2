import type { Product, TrashEntry } from '@vitrine/api-client';
import { LAPTOP, PHONE, layoutShifts, recordLayoutShifts } from '../support/browser';
import { stackUrls } from '../support/stack';
import { sendEnquiry } from '../public/public-site';
import { adminApi, createProject, heading, unique, useAdminPage } from './admin-helpers';

const SCREENS = [
  { pathname: '/admin/product', title: 'Projects', list: true },
  { pathname: '/admin/service', title: 'Services', list: true },
  { pathname: '/admin/review', title: 'Reviews', list: true },
  { pathname: '/admin/user', title: 'Users', list: true },
  { pathname: '/admin/enquiries', title: 'Enquiries', list: true },
  { pathname: '/admin/audit', title: 'Audit log', list: true },
  { pathname: '/admin/trash', title: 'Trash', list: true },
  { pathname: '/admin/account', title: 'My account', list: false },
];

/**
 * The admin holds still while its data comes: a list's columns are as wide before its rows
 * arrive as after (they were sized by the header alone, then widened), and the signed-in
 * block in the menu keeps the line of the e-mail address it has not read yet. Each list fits
 * the screen it is on, with no column to scroll sideways to.
 */
describe('the admin screens hold still while their data comes', () => {
  const tab = useAdminPage();
  let enquiry: { _id: string };
  let deleted: Product;

  // Rows for every list, whichever specs ran before: an enquiry, and a project in the trash
  // (its creation and deletion are in the audit log).
  beforeAll(async () => {
    enquiry = await sendEnquiry({
      FirstName: 'Meera',
      Email: 'meera@example.com',
      // A number, so its row has all three actions (Call, WhatsApp, Delete): the widest.
      PhoneNumber: '+91 98290 12345',
      Message: `Do you weave a heavier linen for curtains? ${unique()}`,
    });
    deleted = await createProject(tab.token, { ProductName: `Steady Linen ${unique()}` });
    await adminApi(tab.token, 'DELETE', `/api/product/${deleted._id}`);
  });

  afterAll(async () => {
    await adminApi(tab.token, 'DELETE', `/api/enquiries/${enquiry._id}`);
    const trash = await adminApi<TrashEntry[]>(tab.token, 'GET', '/api/trash?limit=100');
    const entry = trash.find((item) => item.name === deleted.ProductName);
    if (entry) await adminApi(tab.token, 'DELETE', `/api/trash/${entry._id}`);
  });

  afterEach(() => expect(tab.errors).toEqual([]));

  for (const [device, viewport] of [
    ['a laptop', LAPTOP],
    // Narrow enough that the lists leave out their optional columns, wide enough that the
    // columns they keep fill the frame.
    ['a 1366 × 768 screen', { width: 1366, height: 768 }],
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
        const shifts = await layoutShifts(tab.page);
        // And a list fits its frame: no column out of sight behind a sideways scroll.
        const hidden = await tab.page.evaluate(() => {
          const frame = document.querySelector('.vt-table-scroll');
          return frame ? frame.scrollWidth - frame.clientWidth : 0;
        });
        seen.push({ screen: screen.pathname, shifts, hidden });
      }
      expect(seen).toEqual(
        SCREENS.map(({ pathname }) => ({ screen: pathname, shifts: [], hidden: 0 })),
      );
    });
  }
});
