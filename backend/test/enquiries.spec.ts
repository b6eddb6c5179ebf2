import { bearer, useTestApp } from './support/test-app';
import { ashaEnquiry as asha } from './support/fixtures';
import { enquiryHelpers, type Enquiry } from './support/enquiries';

describe('enquiries', () => {
  let auth: Record<string, string>;

  const t = useTestApp();
  beforeAll(async () => {
    auth = bearer(t.adminToken);
  });

  const { send, detail, listIds, storedCount } = enquiryHelpers(t);

  it('stores a contact-form enquiry and shows the admin every field', async () => {
    const created = await send(asha).expect(201);
    expect(Object.keys(created.body).sort()).toEqual(['_id', 'createdAt', 'status']);
    expect(created.body.status).toBe('new');

    const stored = await detail(created.body._id);
    expect(stored).toMatchObject({ ...asha, status: 'new', note: '' });
    expect(stored.createdAt).toBe(created.body.createdAt);
    // No SMTP server is configured here: the notification waits, and the admin can see so.
    expect(stored.mail).toMatchObject({
      status: 'pending',
      attempts: 0,
      lastError: null,
      // The test API has no SMTP_URL: the admin is told nothing will be sent.
      configured: false,
    });

    expect(await listIds()).toContain(created.body._id);
  });

  it('accepts the call-back form (Name, Contact, Email, Message) and stores it in the same fields', async () => {
    const created = await send({
      Name: '  Ravi Kumar Shah ',
      Contact: '98765 43210',
      Email: '',
      Message: 'Please call after 5 pm',
    }).expect(201);
    expect(await detail(created.body._id)).toMatchObject({
      FirstName: 'Ravi',
      LastName: 'Kumar Shah',
      PhoneNumber: '98765 43210',
      Email: '',
      Message: 'Please call after 5 pm',
      source: 'callback',
      status: 'new',
    });

    const oneName = await send({ source: 'callback', Name: 'Meera', Contact: '+91 90000 12345' });
    expect(oneName.status).toBe(201);
    expect(await detail(oneName.body._id)).toMatchObject({
      FirstName: 'Meera',
      LastName: '',
      PhoneNumber: '+91 90000 12345',
      Email: '',
      Message: '',
      source: 'callback',
    });
  });

  it.each([
    [
      'a contact form with nothing filled in',
      { source: 'contact', FirstName: '', Email: '', Message: '' },
      {
        FirstName: 'First name is required',
        Email: 'Email is required',
        Message: 'Message is required',
      },
    ],
    [
      'an invalid e-mail address',
      { ...asha, Email: 'asha@' },
      { Email: 'Email must be a valid e-mail address' },
    ],
    [
      'a phone number that is not one',
      { ...asha, PhoneNumber: 'call me' },
      { PhoneNumber: 'Phone number must be a phone number (digits, spaces, +, - or brackets)' },
    ],
    ['a blank message', { ...asha, Message: '   ' }, { Message: 'Message is required' }],
    [
      'a message over 2000 characters',
      { ...asha, Message: 'x'.repeat(2001) },
      { Message: 'Message must be at most 2000 characters' },
    ],
    [
      'a call-back form without name or phone',
      { Name: '', Contact: '', Email: '', Message: '' },
      { Name: 'Name is required', Contact: 'Contact is required: a phone number to call back' },
    ],
    [
      'a call-back form with an invalid e-mail address',
      { Name: 'Ravi', Contact: '98765 43210', Email: 'ravi@', Message: '' },
      { Email: 'Email must be a valid e-mail address' },
    ],
    [
      'a call-back number that is not one',
      { Name: 'Ravi', Contact: 'evenings' },
      { Contact: 'Contact must be a phone number (digits, spaces, +, - or brackets)' },
    ],
    [
      'both shapes of the name at once',
      { ...asha, Name: 'Asha Verma' },
      { Name: 'Send either Name or FirstName and LastName, not both' },
    ],
    [
      'a name over two lines',
      { ...asha, FirstName: 'Asha\nBcc: x@example.com' },
      { FirstName: 'First name must be on one line' },
    ],
    [
      'an unknown source',
      { ...asha, source: 'fax' },
      { source: 'source must be one of: contact, callback' },
    ],
  ])('refuses %s with a message per field, and stores nothing', async (_case, body, errors) => {
    const before = await storedCount();
    const response = await send(body).expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(response.body.errors).toEqual(errors);
    expect(await storedCount()).toBe(before);
  });

  it('refuses fields it does not know, such as status, instead of storing them', async () => {
    const before = await storedCount();
    const response = await send({ ...asha, status: 'replied', note: 'hi' }).expect(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(['note', 'status']);
    expect(await storedCount()).toBe(before);
  });

  it('answers a filled honeypot like any enquiry, stores it as spam out of the default list, and never queues a mail', async () => {
    const before = (await t.api.get('/api/enquiries/stats').set(auth).expect(200)).body.new;
    const created = await send({ ...asha, website: 'http://cheap-pills.example' }).expect(201);
    expect(Object.keys(created.body).sort()).toEqual(['_id', 'createdAt', 'status']);
    expect(created.body.status).toBe('new');

    expect(await listIds()).not.toContain(created.body._id);
    expect(await listIds('?status=spam')).toEqual([created.body._id]);
    const stored = await detail(created.body._id);
    expect(stored.status).toBe('spam');
    expect(stored.mail).toBeNull();
    expect(JSON.stringify(stored)).not.toContain('cheap-pills');
    expect((await t.api.get('/api/enquiries/stats').set(auth).expect(200)).body.new).toBe(before);
  });

  it('takes the honeypot as text only: an object or a list in it is a 400, and nothing is stored', async () => {
    const before = await storedCount();
    for (const website of [{ url: 'x' }, ['http://a.example'], [[['deep']]]]) {
      const response = await send({ ...asha, website }).expect(400);
      expect(response.body.errors).toEqual({ website: 'website must be text' });
    }
    expect(await storedCount()).toBe(before);
  });

  it('refuses query operators in the body and in the query string, storing nothing', async () => {
    const before = await storedCount();
    const body = await send({ ...asha, Email: { $gt: '' } }).expect(400);
    expect(body.body.errors).toHaveProperty(['Email.$gt']);
    await send({ ...asha, website: { $ne: null } }).expect(400);

    const query = await t.api.get('/api/enquiries?status[$ne]=x').set(auth).expect(400);
    // Express's query parser keeps `status[$ne]` as one name, which the whitelist refuses.
    expect(Object.keys(query.body.errors)).toEqual([expect.stringMatching(/^status/)]);
    await t.api.get('/api/enquiries?q[$regex]=.').set(auth).expect(400);
    await t.api.get('/api/enquiries/export.csv?status[$ne]=x').set(auth).expect(400);
    expect(await storedCount()).toBe(before);
  });
});

describe('enquiry rate limit', () => {
  const t = useTestApp({ ENQUIRY_RATE_LIMIT: '3' });

  it('answers the fourth enquiry in a minute from one address with 429 and Retry-After, keeping the first three', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 3; i++) {
      const response = await t.api
        .post('/api/enquiries')
        .send({ ...asha, Message: `Enquiry number ${i}` })
        .expect(201);
      ids.push(response.body._id);
    }
    const refused = await t.api.post('/api/enquiries').send(asha).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });

    const listed = await t.api.get('/api/enquiries').set(bearer(t.adminToken)).expect(200);
    expect(listed.headers['x-total-count']).toBe('3');
    expect(listed.body.map((e: Enquiry) => e._id).sort()).toEqual([...ids].sort());
  });
});
