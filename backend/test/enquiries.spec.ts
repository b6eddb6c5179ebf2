import { bearer, useTestApp } from './support/test-app';
import { ashaEnquiry as asha } from './support/fixtures';

interface Enquiry {
  _id: string;
  FirstName: string;
  LastName: string;
  PhoneNumber: string;
  Email: string;
  Message: string;
  source: string;
  status: string;
  note: string;
  createdAt: string;
  mail?: { status: string; attempts: number; lastError: string | null } | null;
}

/** RFC 4180 reader, enough to check what the export wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  return rows;
}

describe('enquiries', () => {
  let auth: Record<string, string>;

  const t = useTestApp();
  beforeAll(async () => {
    auth = bearer(t.adminToken);
  });

  const send = (body: object) => t.api.post('/api/enquiries').send(body);
  const detail = async (id: string): Promise<Enquiry> =>
    (await t.api.get(`/api/enquiries/${id}`).set(auth).expect(200)).body;
  const listIds = async (query = ''): Promise<string[]> =>
    (await t.api.get(`/api/enquiries${query}`).set(auth).expect(200)).body.map(
      (enquiry: Enquiry) => enquiry._id,
    );
  /** Every stored enquiry, spam included, as the admin API counts them. */
  const storedCount = async () => {
    const total = async (query: string) =>
      Number(
        (await t.api.get(`/api/enquiries${query}`).set(auth).expect(200)).headers['x-total-count'],
      );
    return (await total('')) + (await total('?status=spam'));
  };
  const database = async () => {
    const mongoose = await import('mongoose');
    const connection = mongoose.connections.find((c) => t.mongoUri.endsWith(`/${c.name}`));
    if (!connection) throw new Error('The test app has no database connection');
    return connection;
  };

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

  it('keeps every admin route from visitors (401) and from users who are not administrators (403)', async () => {
    const { body: enquiry } = await send(asha).expect(201);
    await t.api
      .post('/api/user')
      .set(auth)
      .send({
        FirstName: 'Nora',
        LastName: 'Staff',
        UserName: 'nora',
        Email: 'nora@vitrine.example',
        Number: '+91 90000 00000',
        Password: 'nora-password',
      })
      .expect(201);
    const staff = bearer(await t.login('nora', 'nora-password'));

    const routes = [
      () => t.api.get('/api/enquiries'),
      () => t.api.get('/api/enquiries/stats'),
      () => t.api.get('/api/enquiries/export.csv'),
      () => t.api.get(`/api/enquiries/${enquiry._id}`),
      () => t.api.patch(`/api/enquiries/${enquiry._id}`).send({ status: 'archived' }),
      () => t.api.delete(`/api/enquiries/${enquiry._id}`),
    ];
    for (const route of routes) {
      const anonymous = await route();
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toBe('Sign-in required');
      const notAdmin = await route().set(staff);
      expect(notAdmin.status).toBe(403);
      expect(notAdmin.text).not.toContain(asha.Email);
    }
    expect(await detail(enquiry._id)).toMatchObject({ status: 'new', note: '' });
  });

  it('lets the admin change the status and keep an internal note', async () => {
    const { body: enquiry } = await send(asha).expect(201);
    const updated = await t.api
      .patch(`/api/enquiries/${enquiry._id}`)
      .set(auth)
      .send({ status: 'replied', note: '  Called back on Monday; sending samples. ' })
      .expect(200);
    expect(updated.body).toMatchObject({
      _id: enquiry._id,
      status: 'replied',
      note: 'Called back on Monday; sending samples.',
      FirstName: 'Asha',
    });
    expect(updated.body).toHaveProperty('mail');

    await t.api.patch(`/api/enquiries/${enquiry._id}`).set(auth).send({ note: '' }).expect(200);
    expect(await detail(enquiry._id)).toMatchObject({ status: 'replied', note: '' });

    const badStatus = await t.api
      .patch(`/api/enquiries/${enquiry._id}`)
      .set(auth)
      .send({ status: 'done' })
      .expect(400);
    expect(badStatus.body.errors).toEqual({
      status: 'status must be one of: new, read, replied, archived, spam',
    });
    const longNote = await t.api
      .patch(`/api/enquiries/${enquiry._id}`)
      .set(auth)
      .send({ note: 'n'.repeat(2001) })
      .expect(400);
    expect(longNote.body.errors).toEqual({ note: 'note must be at most 2000 characters' });
    await t.api
      .patch(`/api/enquiries/${enquiry._id}`)
      .set(auth)
      .send({ FirstName: 'Changed' })
      .expect(400);
    await t.api
      .patch('/api/enquiries/0123456789abcdef01234567')
      .set(auth)
      .send({ status: 'read' })
      .expect(404);
    await t.api.patch('/api/enquiries/not-an-id').set(auth).send({ status: 'read' }).expect(400);
    expect(await detail(enquiry._id)).toMatchObject({ status: 'replied', FirstName: 'Asha' });
  });

  it('filters the list by status, by an inclusive day range and by a search in names, e-mail, phone and message', async () => {
    const make = async (fields: object) =>
      (await send({ ...asha, ...fields }).expect(201)).body._id;
    const late = await make({ FirstName: 'Zubin', Email: 'zubin@example.com' });
    const early = await make({
      Message: 'Samples of zanzibar cotton, please',
      PhoneNumber: '022 5550 1234',
    });
    const today = await make({ LastName: 'Zanzibarwala' });
    // Back-date two of them, either side of midnight UTC.
    const enquiries = (await database()).collection('enquiries');
    const mongoose = await import('mongoose');
    const at = (id: string, iso: string) =>
      enquiries.updateOne(
        { _id: new mongoose.Types.ObjectId(id) },
        { $set: { createdAt: new Date(iso) } },
      );
    await at(early, '2025-01-15T23:30:00.000Z');
    await at(late, '2025-01-16T00:10:00.000Z');

    expect(await listIds('?q=ZANZIBAR')).toEqual([today, early]);
    expect(await listIds('?q=zubin@example')).toEqual([late]);
    expect(await listIds('?q=5550%201234')).toEqual([early]);
    expect(await listIds('?q=zanzibar&sort=createdAt')).toEqual([early, today]);

    expect(await listIds('?from=2025-01-15&to=2025-01-15')).toEqual([early]);
    expect(await listIds('?from=2025-01-16&to=2025-01-16')).toEqual([late]);
    expect(await listIds('?from=2025-01-15&to=2025-01-16')).toEqual([late, early]);
    expect(await listIds('?to=2025-01-16T00:00:00Z')).toEqual([early]);
    const fromLate = await listIds('?from=2025-01-16&limit=100');
    expect(fromLate).toEqual(expect.arrayContaining([late, today]));
    expect(fromLate).not.toContain(early);

    await t.api.patch(`/api/enquiries/${today}`).set(auth).send({ status: 'read' }).expect(200);
    expect(await listIds('?status=read&q=zanzibar')).toEqual([today]);
    expect(await listIds('?status=new&q=zanzibar')).toEqual([early]);
    expect(await listIds('?status=&q=zanzibar')).toEqual([today, early]);

    const backwards = await t.api
      .get('/api/enquiries?from=2025-02-01&to=2025-01-01')
      .set(auth)
      .expect(400);
    expect(backwards.body.errors).toEqual({ to: 'Must be on or after from' });
    const notADate = await t.api.get('/api/enquiries?from=yesterday').set(auth).expect(400);
    expect(notADate.body.errors).toHaveProperty('from');
    await t.api.get('/api/enquiries?from=2025-02-30').set(auth).expect(400);
    await t.api.get('/api/enquiries?status=pending').set(auth).expect(400);
    const badSort = await t.api.get('/api/enquiries?sort=note').set(auth).expect(400);
    expect(badSort.body.errors.sort).toMatch(/createdAt, status, FirstName, LastName, Email/);
  });

  it('lists newest first by default, pages with X-Total-Count, and answers 404 for a missing id', async () => {
    const page = await t.api.get('/api/enquiries?limit=2').set(auth).expect(200);
    expect(page.body).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(2);
    expect(page.headers.link).toContain('rel="next"');
    const [first, second] = page.body as Enquiry[];
    expect(first.createdAt >= second.createdAt).toBe(true);
    await t.api.get('/api/enquiries/0123456789abcdef01234567').set(auth).expect(404);
    await t.api.get('/api/enquiries/not-an-id').set(auth).expect(400);
  });

  it('counts the new enquiries for the menu badge', async () => {
    const count = async () =>
      (await t.api.get('/api/enquiries/stats').set(auth).expect(200)).body as { new: number };
    const before = await count();
    expect(before).toEqual({ new: expect.any(Number) });
    const { body: enquiry } = await send(asha).expect(201);
    expect(await count()).toEqual({ new: before.new + 1 });
    await t.api
      .patch(`/api/enquiries/${enquiry._id}`)
      .set(auth)
      .send({ status: 'read' })
      .expect(200);
    expect(await count()).toEqual({ new: before.new });
  });

  it('exports the filtered list as CSV, quoted per RFC 4180 and with formulas neutralised', async () => {
    const tricky = {
      source: 'contact',
      FirstName: '@Qwerty',
      LastName: '-Csvtest',
      PhoneNumber: '+91 98765 43210',
      Email: 'qwerty@example.com',
      Message: '=HYPERLINK("http://evil.example","click"), then\r\na second line',
    };
    const { body: enquiry } = await send(tricky).expect(201);
    await t.api
      .patch(`/api/enquiries/${enquiry._id}`)
      .set(auth)
      .send({ note: '+cmd|calc, "quoted"' })
      .expect(200);
    await send({ ...tricky, website: 'spam' }).expect(201);

    const response = await t.api.get('/api/enquiries/export.csv?q=qwerty').set(auth).expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['x-total-count']).toBe('1');
    expect(response.text.startsWith('\uFEFF')).toBe(true);
    expect(response.text.endsWith('\r\n')).toBe(true);

    const rows = parseCsv(response.text.slice(1));
    // India is 5 h 30 min ahead of UTC all year round.
    const receivedInIndia = new Date(Date.parse(enquiry.createdAt) + 330 * 60_000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
    expect(rows).toEqual([
      [
        'Received (Asia/Kolkata)',
        'Status',
        'Form',
        'First name',
        'Last name',
        'Email',
        'Phone',
        'Message',
        'Note',
      ],
      [
        receivedInIndia,
        'new',
        'contact',
        "'@Qwerty",
        "'-Csvtest",
        'qwerty@example.com',
        // Readable, and still no formula: a space rather than a visible quote mark.
        ' +91 98765 43210',
        `'${tricky.Message}`,
        `'+cmd|calc, "quoted"`,
      ],
    ]);
    expect(response.text).toContain(
      '"\'=HYPERLINK(""http://evil.example"",""click""), then\r\na second line"',
    );

    const spam = await t.api
      .get('/api/enquiries/export.csv?q=qwerty&status=spam')
      .set(auth)
      .expect(200);
    expect(parseCsv(spam.text.slice(1))).toHaveLength(2);
    const none = await t.api.get('/api/enquiries/export.csv?q=nobody-at-all').set(auth).expect(200);
    expect(parseCsv(none.text.slice(1))).toHaveLength(1);
  });

  it('deletes an enquiry with 204, after which it is gone', async () => {
    const { body: enquiry } = await send(asha).expect(201);
    await t.api.delete(`/api/enquiries/${enquiry._id}`).set(auth).expect(204);
    await t.api.get(`/api/enquiries/${enquiry._id}`).set(auth).expect(404);
    await t.api.delete(`/api/enquiries/${enquiry._id}`).set(auth).expect(404);
    expect(await listIds('?limit=100')).not.toContain(enquiry._id);
    const outbox = (await database()).collection('outbox');
    const mongoose = await import('mongoose');
    expect(
      await outbox.countDocuments({ enquiryId: new mongoose.Types.ObjectId(enquiry._id) }),
    ).toBe(0);
  });

  it('documents the routes, the honeypot and the answers in the OpenAPI document', async () => {
    const { body: doc } = await t.api.get('/api/docs-json').expect(200);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/enquiries',
        '/api/enquiries/stats',
        '/api/enquiries/export.csv',
        '/api/enquiries/{id}',
      ]),
    );
    const post = doc.paths['/api/enquiries'].post;
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '429']));
    expect(post.security).toBeUndefined();
    const list = doc.paths['/api/enquiries'].get;
    expect(list.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(doc.paths['/api/enquiries/{id}'].get.responses)).toEqual(
      expect.arrayContaining(['200', '401', '403', '404']),
    );
    expect(doc.components.schemas.CreateEnquiryDto.properties.website.description).toMatch(
      /Honeypot/,
    );
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
