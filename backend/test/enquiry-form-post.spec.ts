import { bearer, useTestApp } from './support/test-app';

/** What Chromium sends for a form's own submission. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

const fields = {
  source: 'contact',
  FirstName: 'Meera',
  LastName: 'Iyer',
  PhoneNumber: '',
  Email: 'meera@example.com',
  Message: 'Sent before the page had its script.',
  website: '',
};

describe('an enquiry form posted by the browser itself (no script)', () => {
  const t = useTestApp();
  let auth: Record<string, string>;
  beforeAll(() => {
    auth = bearer(t.adminToken);
  });

  const post = (body: Record<string, string>, referer?: string) => {
    const request = t.api
      .post('/api/enquiries')
      .type('form')
      .set('Accept', BROWSER_ACCEPT)
      .send(new URLSearchParams(body).toString());
    return referer ? request.set('Referer', referer) : request;
  };
  const storedMessages = async (): Promise<string[]> =>
    (await t.api.get('/api/enquiries?limit=100').set(auth).expect(200)).body.map(
      (enquiry: { Message: string }) => enquiry.Message,
    );

  it('stores it and sends the browser back to its page, which then says it was sent', async () => {
    const response = await post(fields, 'https://studio.example/contact-us').expect(303);
    expect(response.headers.location).toBe('/contact-us?sent=contact');
    expect(await storedMessages()).toContain(fields.Message);
  });

  it('goes back to the form with the status, and stores nothing, when a field is wrong', async () => {
    const message = 'This one has no e-mail address.';
    const response = await post(
      { ...fields, Email: 'not-an-address', Message: message },
      'https://studio.example/contact-us?product=sky-poplin',
    ).expect(303);
    expect(response.headers.location).toBe(
      '/contact-us?product=sky-poplin&notsent=contact&status=400',
    );
    expect(await storedMessages()).not.toContain(message);
  });

  it("keeps only the referring page's path, so it cannot send anyone to another site", async () => {
    const first = await post(fields, 'https://evil.example//evil.example/phish').expect(303);
    expect(first.headers.location).toBe('/contact-us?sent=contact');
    const second = await post(
      {
        source: 'callback',
        Name: 'Meera',
        Contact: '98765 43210',
        Email: '',
        Message: 'Call me',
        website: '',
      },
      'https://evil.example/anything?sent=contact',
    ).expect(303);
    expect(second.headers.location).toBe('/anything?sent=callback');
    // No referrer at all: the form's own page.
    const third = await post({ ...fields, Message: 'No referrer' }).expect(303);
    expect(third.headers.location).toBe('/contact-us?sent=contact');
  });

  it('answers scripts as before: JSON for JSON, and for a form body that does not ask for HTML', async () => {
    const json = await t.api
      .post('/api/enquiries')
      .set('Accept', BROWSER_ACCEPT)
      .send({ ...fields, Message: 'From the script' })
      .expect(201);
    expect(json.body.status).toBe('new');
    const curl = await t.api
      .post('/api/enquiries')
      .type('form')
      .send(new URLSearchParams({ ...fields, Email: 'wrong' }).toString())
      .expect(400);
    expect(curl.body.errors).toHaveProperty('Email');
  });
});
