import { createProject, heading, unique, useAdminPage } from '../admin/admin-helpers';
import { seriousViolations } from '../support/axe';
import { trackPageErrors } from '../support/browser';
import { stackUrls } from '../support/stack';

/** An editor sees a draft as visitors will, before saving it; nobody else does. */
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
    const apiAnswer = await fetch(
      `${stackUrls().api}/api/previews/${previewUrl.split('/preview/')[1]}`,
    );
    expect(apiAnswer.status).toBe(404);

    expect(errors).toEqual([]);
    expect(previewErrors).toEqual([]);
    expect(visitorErrors).toEqual([]);
    await visitor.close();
  });
});
