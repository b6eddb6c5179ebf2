import type { Product } from '@vitrine/api-client';
import { execFileSync } from 'node:child_process';
import { stackUrls } from '../support/stack';
import { adminApi, heading, unique, useAdminPage } from './admin-helpers';

jest.setTimeout(180_000);

/**
 * The API process listening on the stack's API port (the stack's global setup started it in
 * jest's own process, so its handle is not here). Pausing it stops the shared API for every
 * spec: jest runs the e2e files one at a time on these machines.
 */
function apiPid(): number {
  const port = new URL(stackUrls().api).port;
  const listening = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = Number(/pid=(\d+)/.exec(listening)?.[1]);
  if (!pid) throw new Error(`No process found listening on the API's port ${port}`);
  return pid;
}

/** A save the API is too slow to answer: never "not saved" while it may be, never twice. */
describe('a slow save', () => {
  const tab = useAdminPage();
  let paused: number | undefined;
  afterEach(() => {
    if (paused) process.kill(paused, 'SIGCONT');
    paused = undefined;
  });

  it('says it may not be saved and checks, then says it was, and adds the project once', async () => {
    const name = `Slow save ${unique()}`;
    await tab.page.goto(`${stackUrls().shell}/admin/add-product`);
    await heading(tab.page, 'Add Project');
    await tab.page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await tab.page.getByRole('combobox', { name: 'Category' }).selectOption('Linen');
    await tab.page.getByRole('textbox', { name: /^Value/ }).fill('1450');
    await tab.page.getByRole('combobox', { name: /^Status/ }).fill('Completed');

    // The API stops answering for longer than the client's 15 s limit.
    paused = apiPid();
    process.kill(paused, 'SIGSTOP');
    await tab.page.getByRole('button', { name: 'Add project' }).click();
    await tab.page
      .getByText(/The project may not have been saved yet: the server has not answered\. Checking/)
      .waitFor({ timeout: 40_000 });
    expect(await tab.page.getByText('The project was not saved').count()).toBe(0);
    // What was typed is still there while it checks.
    expect(await tab.page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe(
      name,
    );

    process.kill(paused, 'SIGCONT');
    paused = undefined;
    await tab.page.getByText('Project added').waitFor({ timeout: 60_000 });
    await tab.page.waitForURL((url) => url.pathname === '/admin/product');
    expect(await tab.page.getByText(/was not saved|may not have been saved/).count()).toBe(0);

    const found = await adminApi<Product[]>(
      tab.token,
      'GET',
      `/api/product?q=${encodeURIComponent(name)}&limit=10`,
    );
    expect(found.filter((product) => product.ProductName === name)).toHaveLength(1);
    expect(tab.errors).toEqual([]);
  });
});
