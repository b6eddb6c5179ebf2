import type { Product } from '@vitrine/api-client';
import { stackUrls } from '../support/stack';
import { adminApi, createProject, heading, unique, useAdminPage } from './admin-helpers';

/** Nothing typed is lost: leaving a changed form asks first, and a draft survives a reload. */
describe('unsaved changes in the admin forms', () => {
  const tab = useAdminPage();

  afterEach(() => expect(tab.errors).toEqual([]));

  const nameField = () => tab.page.getByRole('textbox', { name: /^Name/ });
  const leaveDialog = () => tab.page.getByRole('dialog', { name: 'Leave without saving?' });

  async function openProject(name: string) {
    const project = await createProject(tab.token, { ProductName: name });
    await tab.page.goto(`${stackUrls().shell}/admin/edit-product/${project._id}`);
    await heading(tab.page, 'Edit Project');
    expect(await nameField().inputValue()).toBe(name);
    return project;
  }

  it('asks before the menu leaves a changed form, stays when told, and leaves when told', async () => {
    const name = `Guarded ${unique()}`;
    const project = await openProject(name);
    await nameField().fill(`${name} renamed`);

    await tab.page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Services' })
      .click();
    await leaveDialog().waitFor();
    await leaveDialog().getByRole('button', { name: 'Stay on the form' }).click();
    expect(new URL(tab.page.url()).pathname).toBe(`/admin/edit-product/${project._id}`);
    expect(await nameField().inputValue()).toBe(`${name} renamed`);

    await tab.page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Services' })
      .click();
    await leaveDialog().getByRole('button', { name: 'Leave' }).click();
    await heading(tab.page, 'Services');

    // The change left behind is a draft, offered when the project is opened again.
    await tab.page.goto(`${stackUrls().shell}/admin/edit-product/${project._id}`);
    await heading(tab.page, 'Edit Project');
    await tab.page.getByRole('button', { name: 'Restore my changes' }).click();
    expect(await nameField().inputValue()).toBe(`${name} renamed`);
  });

  it('holds the back button on a changed form until the dialog says to leave', async () => {
    const name = `Back ${unique()}`;
    const project = await createProject(tab.token, { ProductName: name });
    const list = `/admin/product?q=${encodeURIComponent(name)}`;
    await tab.page.goto(`${stackUrls().shell}${list}`);
    await heading(tab.page, 'Projects');
    // Into the form inside the page, as a person goes: back is then the page's own history.
    await tab.page.getByRole('link', { name: `Edit ${name}` }).click();
    await heading(tab.page, 'Edit Project');
    await nameField().fill(`${name} changed`);

    // The page cancels the move, so the browser never reports it done: do not wait for it.
    const back = () => tab.page.goBack({ timeout: 5000 }).catch(() => null);
    void back();
    await leaveDialog().waitFor();
    expect(new URL(tab.page.url()).pathname).toBe(`/admin/edit-product/${project._id}`);
    await leaveDialog().getByRole('button', { name: 'Stay on the form' }).click();
    expect(await nameField().inputValue()).toBe(`${name} changed`);

    void back();
    await leaveDialog().getByRole('button', { name: 'Leave' }).click();
    await heading(tab.page, 'Projects');
    const url = new URL(tab.page.url());
    expect(`${url.pathname}${url.search}`).toBe(list);
  });

  it('comes back from a save to the list as it was left, the saved row in view and marked', async () => {
    const name = `Returned ${unique()}`;
    const project = await createProject(tab.token, { ProductName: name });
    const list = `/admin/product?q=${encodeURIComponent(name)}&sort=ProductName`;
    await tab.page.goto(`${stackUrls().shell}${list}`);
    await heading(tab.page, 'Projects');
    await tab.page.getByRole('link', { name: `Edit ${name}` }).click();
    await heading(tab.page, 'Edit Project');
    await tab.page.getByRole('textbox', { name: 'Client' }).fill('Leela Palace');
    await tab.page.getByRole('button', { name: 'Save project' }).click();
    await tab.page.getByText('Project saved').waitFor();
    await heading(tab.page, 'Projects');
    const url = new URL(tab.page.url());
    expect(`${url.pathname}${url.search}`).toBe(list);
    await tab.page.locator(`tr.adm-row--saved[data-row-key="${project._id}"]`).waitFor();
  });

  it('asks with the browser’s prompt on a reload, and restores the draft after it', async () => {
    const name = `Reloaded ${unique()}`;
    const project = await openProject(name);
    await nameField().fill(`${name} kept`);
    await tab.page.getByRole('textbox', { name: 'Client' }).fill('Taj Hotels');

    const prompts: string[] = [];
    tab.page.once('dialog', (dialog) => {
      prompts.push(dialog.type());
      void dialog.accept();
    });
    await tab.page.reload();
    await heading(tab.page, 'Edit Project');
    expect(prompts).toEqual(['beforeunload']);
    expect(await nameField().inputValue()).toBe(name);

    await tab.page.getByRole('button', { name: 'Restore my changes' }).click();
    expect(await nameField().inputValue()).toBe(`${name} kept`);
    await tab.page.getByRole('button', { name: 'Save project' }).click();
    await tab.page.getByText('Project saved').waitFor();
    const saved = await adminApi<Product & { ProductClient: string }>(
      tab.token,
      'GET',
      `/api/product/${project._id}`,
    );
    expect(saved).toMatchObject({ ProductName: `${name} kept`, ProductClient: 'Taj Hotels' });

    // Saved, so the next visit offers nothing.
    await tab.page.goto(`${stackUrls().shell}/admin/edit-product/${project._id}`);
    await heading(tab.page, 'Edit Project');
    expect(await tab.page.getByRole('region', { name: 'Unsaved draft' }).count()).toBe(0);
  });
});
