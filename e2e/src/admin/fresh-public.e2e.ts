import { stackUrls } from '../support/stack';
import { createProject, heading, unique, useAdminPage } from './admin-helpers';

/** Changes show at once: a public page reloaded right after a save shows what was saved. */
describe('the public site right after a save', () => {
  const tab = useAdminPage();

  it('shows the saved heading on a reload of the open public page', async () => {
    const { shell } = stackUrls();
    const admin = tab.page;
    const visitor = await tab.context.newPage();
    const name = `Fresh ${unique()}`;
    const project = await createProject(tab.token, {
      ProductName: name,
      ProductHeading: 'Before the save',
    });
    await visitor.goto(`${shell}/singleproject/${project.slug}`);
    await visitor.getByText('Before the save').first().waitFor();

    await admin.goto(`${shell}/admin/edit-product/${project._id}`);
    await heading(admin, 'Edit Project');
    await admin.getByRole('textbox', { name: 'Heading', exact: true }).fill('After the save');
    await admin.getByRole('button', { name: 'Save project' }).click();
    await admin.getByText('Project saved').waitFor();

    await visitor.reload();
    await visitor.getByText('After the save').first().waitFor({ timeout: 10000 });
    expect(await visitor.getByText('Before the save').count()).toBe(0);
  });
});
