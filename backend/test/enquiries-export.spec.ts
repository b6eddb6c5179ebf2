import { bearer, useTestApp } from './support/test-app';
import { enquiryHelpers } from './support/enquiries';

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

describe('exporting enquiries', () => {
  let auth: Record<string, string>;

  const t = useTestApp();
  beforeAll(async () => {
    auth = bearer(t.adminToken);
  });

  const { send, detail, database } = enquiryHelpers(t);

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
        'Project',
        'Language',
      ],
      [
        receivedInIndia,
        'new',
        'contact',
        "'@Qwerty",
        "'-Csvtest",
        'qwerty@example.com',
        // A phone number as it is: no leading space, no visible quote mark (enquiry-csv.ts).
        '+91 98765 43210',
        `'${tricky.Message}`,
        `'+cmd|calc, "quoted"`,
        '',
        // Sent without a language: the site's default.
        'en',
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

  it('names the project an enquiry was sent about, and writes phone numbers without spaces around them', async () => {
    const project = await t.api
      .post('/api/product/')
      .set(auth)
      .send({ ProductName: 'Csvproj Linen Drapes', ProductCategory: 'Linen' })
      .expect(201);
    const { body: sent } = await send({
      source: 'contact',
      FirstName: 'Zubin',
      LastName: 'Csvproduct',
      PhoneNumber: '  +91 98765 11111  ',
      Email: 'zubin@example.com',
      Message: 'A quote for the drapes, please.',
      productId: project.body._id,
    }).expect(201);
    expect((await detail(sent._id)).PhoneNumber).toBe('+91 98765 11111');
    // One stored before input was trimmed.
    const connection = await database();
    await connection.collection('enquiries').insertOne({
      FirstName: 'Zubin',
      LastName: 'Csvlegacy',
      PhoneNumber: ' 98765 22222 ',
      Email: '',
      Message: 'Sent long ago.',
      source: 'contact',
      status: 'new',
      about: null,
      mailQueued: true,
      note: '',
      createdAt: new Date(),
      updatedAt: new Date(),
    });

    const response = await t.api.get('/api/enquiries/export.csv?q=csv').set(auth).expect(200);
    const [header, ...rows] = parseCsv(response.text.slice(1));
    const column = (title: string) => header.indexOf(title);
    // The project after the spec's columns, then the language (issue 36).
    expect(header.slice(-2)).toEqual(['Project', 'Language']);
    const byName = Object.fromEntries(rows.map((row) => [row[column('Last name')], row]));
    expect(byName.Csvproduct[column('Project')]).toBe('Csvproj Linen Drapes');
    expect(byName.Csvproduct[column('Phone')]).toBe('+91 98765 11111');
    expect(byName.Csvlegacy[column('Project')]).toBe('');
    expect(byName.Csvlegacy[column('Phone')]).toBe('98765 22222');
  });
});
