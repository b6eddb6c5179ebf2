import { stackUrls } from '../support/stack';
import { heading, screenshot, unique, useAdminPage } from './admin-helpers';

/** What the API answers `token` for a read and for a write, as a program would send them. */
async function callsWith(token: string) {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const read = await fetch(`${stackUrls().api}/api/product`, { headers });
  const write = await fetch(`${stackUrls().api}/api/product`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ProductName: 'Not allowed', ProductCategory: 'Linen' }),
  });
  return { read: read.status, write: write.status };
}

describe('the API tokens screen', () => {
  const tab = useAdminPage();
  afterEach(() => expect(tab.errors).toEqual([]));

  it('creates a token, shows its secret once, and revokes it', async () => {
    const { page } = tab;
    const name = `Marketplace feed ${unique()}`;
    await page.goto(`${stackUrls().shell}/admin/overview`);
    await page.getByRole('link', { name: 'API tokens' }).click();
    await heading(page, 'API tokens');
    expect(await page.title()).toBe('API tokens · Vitrine admin');

    const form = page.getByRole('form', { name: 'New API token' });
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel('Access').selectOption('custom');
    await form.getByLabel('Projects: read').check();
    await form.getByLabel('Expires').selectOption('7');
    await form.getByRole('button', { name: 'Create token' }).click();

    const secret = page.getByTestId('token-secret');
    await secret.waitFor();
    const token = ((await secret.textContent()) ?? '').trim();
    expect(token).toMatch(/^vit_[A-Za-z0-9_-]{43}$/);
    await page.getByText('Copy it now: you will not see it again.').waitFor();
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText(`${token.slice(0, 8)}…`).waitFor();
    expect(await row.textContent()).toContain('Projects: read');
    await screenshot(page, 'admin-tokens-created-1280');

    // A program reads with it, and may not write.
    expect(await callsWith(token)).toEqual({ read: 200, write: 403 });

    // Once the page is left, the secret is nowhere to be seen again.
    await page.reload();
    await heading(page, 'API tokens');
    await row.waitFor();
    expect(await page.getByTestId('token-secret').count()).toBe(0);
    expect(await page.content()).not.toContain(token);

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Revoke the token “${name}”?` });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText(`Token “${name}” revoked`).waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await callsWith(token)).read).toBe(401);
  });
});
