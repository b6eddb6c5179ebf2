import type { Enquiry } from '@vitrine/api-client';
import type { Locator } from 'playwright-core';
import { apiToken } from '../support/api';
import { LAPTOP, usePage } from '../support/browser';
import { E2E_ADMIN, stackUrls } from '../support/stack';
import { openPage, pathOf } from './public-site';

/** The enquiries an administrator finds by a piece of their text. */
async function enquiriesMatching(text: string): Promise<Enquiry[]> {
  const { api } = stackUrls();
  const response = await fetch(`${api}/api/enquiries?q=${encodeURIComponent(text)}`, {
    headers: { Authorization: `Bearer ${await apiToken(api)}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Enquiry[];
}

/** Types each value into the form's field with that label. */
async function fillIn(form: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label).fill(value);
}

/** How each enquiry form is sent, how it says the enquiry went, and the form the API records. */
const CALL_BACK = {
  button: 'Request a call back',
  sent: /will call you back soon/,
  source: 'callback',
};
const CONTACT = { button: 'Send message', sent: /Your message has been sent/, source: 'contact' };

/**
 * Sends `form` and waits until it says so; the admin API then lists the enquiry (found by
 * `marker`) as new, from that form. Returns it as stored.
 */
async function sendAndFind(form: Locator, kind: typeof CONTACT, marker: string) {
  await form.getByRole('button', { name: kind.button }).click();
  await form.getByRole('status').getByText(kind.sent).waitFor();
  const [stored] = await enquiriesMatching(marker);
  expect(stored).toMatchObject({ source: kind.source, status: 'new' });
  return stored;
}

/** The enquiry forms and sign-in, against the real API. */
describe('sending forms', () => {
  const tab = usePage({ viewport: LAPTOP });

  afterEach(() => expect(tab.errors).toEqual([]));

  it('sends a call-back request from the home page, which the admin API then lists', async () => {
    const marker = `e2e-callback-${Date.now()}`;
    await openPage(tab.page, '/');
    const form = tab.page.getByRole('form', { name: 'Request a call back' });
    await form.getByRole('button', { name: CALL_BACK.button }).click();
    // Nothing sent while invalid: the messages are inline.
    await form.getByText('Enter your name').waitFor();

    await fillIn(form, {
      Name: 'Asha Verma',
      Contact: '+91 98765 43210',
      Email: 'asha@example.com',
      Message: `Please call after 5 pm. ${marker}`,
    });
    const stored = await sendAndFind(form, CALL_BACK, marker);
    // Said once, inline: no toast repeating it.
    expect(await tab.page.getByText(CALL_BACK.sent).count()).toBe(1);
    expect(await form.getByLabel('Name').inputValue()).toBe('');
    expect(stored).toMatchObject({
      FirstName: 'Asha',
      LastName: 'Verma',
      PhoneNumber: '+91 98765 43210',
      Email: 'asha@example.com',
    });
  });

  // The call-back form's code (react-hook-form) is not part of the home page's first
  // JavaScript: it comes when the visitor reaches the form. What they do before it has come
  // must not be lost.
  it('keeps what was typed, and the send asked for, before the call-back form’s code came', async () => {
    const marker = `e2e-early-${Date.now()}`;
    await openPage(tab.page, '/');
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    await tab.page.route('**/*.js', async (route) => {
      held.push(route.request().url());
      await released;
      await route.continue();
    });
    const form = tab.page.getByRole('form', { name: 'Request a call back' });
    await fillIn(form, {
      Name: 'Meera Iyer',
      Contact: '+91 98765 22222',
      Message: `Mornings, please. ${marker}`,
    });
    await form.getByRole('button', { name: CALL_BACK.button }).click();
    // The code was asked for once the visitor came to the form, and the send waits for it.
    expect(held.length).toBeGreaterThan(0);
    expect(pathOf(tab.page)).toBe('/');

    release();
    await form.getByRole('status').getByText(CALL_BACK.sent).waitFor();
    expect(pathOf(tab.page)).toBe('/');
    expect(await form.getByLabel('Name').inputValue()).toBe('');
    const [stored] = await enquiriesMatching(marker);
    expect(stored).toMatchObject({
      FirstName: 'Meera',
      LastName: 'Iyer',
      PhoneNumber: '+91 98765 22222',
      source: 'callback',
    });
  });

  it('sends an enquiry from the contact page, which the admin API then lists', async () => {
    const marker = `e2e-contact-${Date.now()}`;
    await openPage(tab.page, '/contact-us');
    const form = tab.page.getByRole('form', { name: 'Send an enquiry' });
    await fillIn(form, {
      'First Name': 'Ravi',
      'Last Name': 'Kumar',
      'Phone Number': '98765 43210',
      Email: 'ravi@example.com',
      Message: `200 m of khadi to Pune. ${marker}`,
    });
    const stored = await sendAndFind(form, CONTACT, marker);
    expect(await form.getByLabel('Message').inputValue()).toBe('');
    expect(stored).toMatchObject({
      FirstName: 'Ravi',
      LastName: 'Kumar',
      PhoneNumber: '98765 43210',
      Email: 'ravi@example.com',
    });
  });

  it('keeps what was typed and says so when sending fails', async () => {
    await tab.page.route('**/api/enquiries', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'Something broke',
        }),
      }),
    );
    await openPage(tab.page, '/contact-us');
    const form = tab.page.getByRole('form', { name: 'Send an enquiry' });
    await fillIn(form, {
      'First Name': 'Ravi',
      Email: 'ravi@example.com',
      Message: 'Will this arrive?',
    });
    await form.getByRole('button', { name: 'Send message' }).click();

    const alert = form.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Your message was not sent');
    expect(await form.getByLabel('First Name').inputValue()).toBe('Ravi');
    expect(await form.getByLabel('Message').inputValue()).toBe('Will this arrive?');
    expect(await form.getByRole('status').textContent()).toBe('');

    // A dropped connection is handled the same way.
    await tab.page.unroute('**/api/enquiries');
    await tab.page.route('**/api/enquiries', (route) => route.abort());
    await form.getByRole('button', { name: 'Send message' }).click();
    await form
      .getByRole('alert')
      .getByText(/could not be reached/)
      .waitFor();
    expect(await form.getByLabel('Message').inputValue()).toBe('Will this arrive?');
  });

  it("says 'Wrong Credentials' for a wrong password, and stores no token", async () => {
    await openPage(tab.page, '/login');
    await tab.page.getByLabel('UserName').fill(E2E_ADMIN.UserName);
    await tab.page.getByLabel('Password').fill('not-the-password');
    await tab.page.getByRole('button', { name: 'Sign in' }).click();

    const alert = tab.page.getByRole('alert');
    await alert.getByText('Wrong Credentials').waitFor();
    expect(pathOf(tab.page)).toBe('/login');
    expect(await tab.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('signs the e2e administrator in and lands on the overview with the token stored', async () => {
    await openPage(tab.page, '/login');
    await tab.page.getByRole('button', { name: 'Sign in' }).click();
    await tab.page.getByText('Enter your user name').waitFor();

    await tab.page.getByLabel('UserName').fill(E2E_ADMIN.UserName);
    await tab.page.getByLabel('Password').fill(E2E_ADMIN.Password);
    await tab.page.getByRole('button', { name: 'Sign in' }).click();
    await tab.page.waitForURL(/\/admin\/overview$/);
    await tab.page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    const token = await tab.page.evaluate(() => localStorage.getItem('token'));
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});
