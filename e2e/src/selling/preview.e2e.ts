import { createProject, heading, unique, useAdminPage } from '../admin/admin-helpers';
import { seriousViolations } from '../support/axe';
import { LAPTOP, PHONE, trackPageErrors } from '../support/browser';
import { stackUrls } from '../support/stack';

/**
 * An editor sees a draft as visitors will, before saving it; nobody else does, unless the
 * owner shares a link with a client, who then sees it until the link is revoked.
 */
describe('draft preview', () => {
  const tab = useAdminPage();

  it('shows the editor the unsaved name under a Preview banner, and a visitor a 404', async () => {
    const suffix = unique();
    const product = await createProject(tab.token, { ProductName: `Draft Muslin ${suffix}` });
    const { context, page: admin } = tab;
    const errors = trackPageErrors(admin);
    await admin.goto(`${stackUrls().shell}/admin/edit-product/${product._id}`);
    await heading(admin, 'Edit Project');
    await admin.getByRole('textbox', { name: /^Name/ }).fill(`Unsaved Muslin ${suffix}`);
    expect(await seriousViolations(admin)).toEqual([]);

    const [preview] = await Promise.all([
      context.waitForEvent('page'),
      admin.getByRole('button', { name: 'Preview' }).click(),
    ]);
    const previewErrors = trackPageErrors(preview);
    await preview.waitForURL(/\/preview\/[0-9a-f]{24}-/);
    await preview.getByRole('heading', { level: 1, name: `Unsaved Muslin ${suffix}` }).waitFor();
    await preview.getByRole('status').getByText('Preview', { exact: true }).waitFor();
    expect(await preview.locator('meta[name="robots"]').first().getAttribute('content')).toBe(
      'noindex',
    );
    expect(await seriousViolations(preview)).toEqual([]);
    const previewUrl = preview.url();

    // The page itself is never server-rendered nor cached, and says noindex before any script.
    const raw = await fetch(previewUrl);
    expect(raw.headers.get('x-robots-tag')).toBe('noindex');
    expect(await raw.text()).not.toContain(`Unsaved Muslin ${suffix}`);

    // Nothing was saved: the public page still has the saved name.
    const saved = await fetch(`${stackUrls().api}/api/product/${product._id}`);
    expect(((await saved.json()) as { ProductName: string }).ProductName).toBe(
      `Draft Muslin ${suffix}`,
    );

    // A visitor with the same link finds nothing.
    const visitor = await tab.browser.newPage();
    const visitorErrors = trackPageErrors(visitor);
    await visitor.goto(previewUrl);
    await visitor.getByRole('heading', { level: 1, name: 'Preview not found' }).waitFor();
    expect(await visitor.getByText(`Unsaved Muslin ${suffix}`).count()).toBe(0);
    expect(await visitor.locator('.not-found__links a').count()).toBe(1);
    const apiAnswer = await fetch(
      `${stackUrls().api}/api/previews/${previewUrl.split('/preview/')[1]}`,
    );
    expect(apiAnswer.status).toBe(404);

    expect(errors).toEqual([]);
    expect(previewErrors).toEqual([]);
    expect(visitorErrors).toEqual([]);
    await visitor.close();
  });

  it('lets a signed-out client open a shared draft on a phone, until the owner revokes the link', async () => {
    const suffix = unique();
    const name = `Shared Khadi ${suffix}`;
    const product = await createProject(tab.token, { ProductName: name, published: 'false' });
    const { page: admin } = tab;
    const errors = trackPageErrors(admin);
    await admin.setViewportSize(LAPTOP);
    await admin.goto(`${stackUrls().shell}/admin/edit-product/${product._id}`);
    await heading(admin, 'Edit Project');
    await admin.getByRole('button', { name: 'Share' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Share with a client' });
    await dialog.getByRole('combobox', { name: 'Expires' }).waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Expires' }).inputValue()).toBe('7');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const link = await dialog.getByRole('textbox', { name: 'Link for the client' }).inputValue();
    expect(link).toMatch(/\/preview\/share\/[\w-]{43}$/);
    const revoke = dialog.getByRole('button', { name: /^Revoke the link/ });
    await revoke.waitFor();
    expect(await seriousViolations(admin)).toEqual([]);

    // The client, signed out, on a phone.
    const client = await tab.browser.newContext(PHONE);
    const phone = await client.newPage();
    const clientErrors = trackPageErrors(phone);
    const answer = await phone.goto(link);
    expect(answer?.headers()['cache-control']).toBe('no-store');
    await phone.getByRole('heading', { level: 1, name }).waitFor();
    await phone.getByText('A draft shared with you').waitFor();
    expect(await phone.locator('meta[name="robots"]').first().getAttribute('content')).toBe(
      'noindex',
    );

    // The owner, on a phone too now, revokes it; the client's next visit says so.
    await admin.setViewportSize(PHONE.viewport);
    await revoke.click();
    await dialog.getByText('No active links.').waitFor();
    await phone.reload();
    await phone.getByText('This preview link was withdrawn.').waitFor();
    expect(await phone.getByText(name).count()).toBe(0);
    expect(await phone.locator('.not-found__links a').count()).toBe(1);
    expect(await seriousViolations(phone)).toEqual([]);

    expect(errors).toEqual([]);
    expect(clientErrors).toEqual([]);
    await client.close();
  });
});
