import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Webhook } from '@vitrine/api-client';
import { stackUrls } from '../support/stack';
import { adminApi, heading, screenshot, unique, useAdminPage } from './admin-helpers';

/** A receiver on loopback that answers 200 to every delivery and keeps what it got. */
async function startReceiver() {
  const received: { event: string; body: string }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        event: String(request.headers['vitrine-event']),
        body: Buffer.concat(chunks).toString(),
      });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${unique()}`;
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('the Webhooks screen', () => {
  const tab = useAdminPage();
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    const webhooks = await adminApi<Webhook[]>(tab.token, 'GET', '/api/webhooks');
    for (const webhook of webhooks.filter((one) => one.url === receiver.url))
      await adminApi(tab.token, 'DELETE', `/api/webhooks/${webhook.id}`);
    await receiver.close();
  });
  afterEach(() => expect(tab.errors).toEqual([]));

  it('registers an endpoint, shows its secret once, and lists a test event as delivered', async () => {
    const { page } = tab;
    await page.goto(`${stackUrls().shell}/admin/overview`);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Webhooks' })
      .click();
    await heading(page, 'Webhooks');

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('form', { name: 'Add an endpoint' });
    // A URL that is not one is refused beside its field, before anything is sent.
    await form.getByRole('textbox', { name: /^URL/ }).fill('mirror');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await form.getByText('URL must start with https:// (or http://)').first().waitFor();

    await form.getByRole('textbox', { name: /^URL/ }).fill(receiver.url);
    await form.getByRole('textbox', { name: /^Description/ }).fill('Browser test receiver');
    await form.getByRole('checkbox', { name: /^All events/ }).uncheck();
    await form
      .getByRole('group', { name: 'webhook' })
      .getByRole('checkbox', { name: 'test' })
      .check();
    await form
      .getByRole('group', { name: 'project' })
      .getByRole('checkbox', { name: 'published', exact: true })
      .check();
    await screenshot(page, 'admin-webhooks-form');
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const secret = page.getByRole('status', { name: 'Signing secret' });
    await secret.waitFor();
    const shown = (await secret.getByTestId('webhook-secret').textContent()) ?? '';
    expect(shown).toMatch(/^whsec_/);
    await secret.getByRole('button', { name: 'Done' }).click();
    await secret.waitFor({ state: 'detached' });

    const item = page.getByRole('listitem', { name: receiver.url });
    await item.getByText('product.published, webhook.test').waitFor();
    await item.getByRole('button', { name: 'Send a test event' }).click();
    await page.getByText('Test event queued').waitFor();
    const table = item.getByRole('table', { name: 'Deliveries' });
    await table
      .getByRole('row')
      .filter({ hasText: 'webhook.test' })
      .filter({ hasText: 'delivered' })
      .waitFor({ timeout: 20_000 });
    expect(receiver.received.map((one) => one.event)).toEqual(['webhook.test']);
    // The secret is not in the page any more, nor in what the API lists.
    expect(await page.content()).not.toContain(shown);
    await screenshot(page, 'admin-webhooks');

    // On a phone each delivery is a card, and nothing is wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await item.getByRole('button', { name: /^Replay webhook.test/ }).waitFor();
    expect(await item.getByRole('button', { name: /^Replay webhook.test/ }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await screenshot(page, 'admin-webhooks-390');
  });

  it('edits, disables and deletes an endpoint, refusing a private address inline', async () => {
    const { page } = tab;
    const created = await adminApi<Webhook>(tab.token, 'POST', '/api/webhooks', {
      url: `${receiver.url}-edit`,
      events: ['*'],
      description: 'To edit',
    });
    await page.goto(`${stackUrls().shell}/admin/webhooks`);
    const item = page.getByRole('listitem', { name: created.url });
    await item.getByText('All events').waitFor();

    await item.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = item.getByRole('form', { name: `Edit ${created.url}` });
    // The API refuses what the page cannot know: the address the name resolves to.
    await form.getByRole('textbox', { name: /^URL/ }).fill('http://10.0.0.7/hooks');
    await form.getByRole('button', { name: 'Save endpoint' }).click();
    await form
      .getByText(/may not reach/)
      .first()
      .waitFor();
    await form.getByRole('textbox', { name: /^URL/ }).fill(created.url);
    await form.getByRole('textbox', { name: /^Description/ }).fill('Edited');
    await form.getByRole('button', { name: 'Save endpoint' }).click();
    await item.getByText('Edited').waitFor();

    await item.getByRole('button', { name: 'Disable', exact: true }).click();
    await item.getByText('disabled', { exact: true }).waitFor();
    expect((await adminApi<Webhook>(tab.token, 'GET', `/api/webhooks/${created.id}`)).enabled).toBe(
      false,
    );

    await item.getByRole('button', { name: `Delete ${created.url}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Endpoint deleted').waitFor();
    await item.waitFor({ state: 'detached' });
    const left = await adminApi<Webhook[]>(tab.token, 'GET', '/api/webhooks');
    expect(left.map((one) => one.id)).not.toContain(created.id);
  });
});
