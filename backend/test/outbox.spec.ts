import { waitUntil } from '@vitrine/testing';
import { EnquiriesService } from '../src/enquiries/enquiries.service';
import { refusedPort, startFakeSmtp } from './support/fake-smtp';
import { bearer, createTestApp, stopTestDatabase, type TestApp } from './support/test-app';
import { ashaEnquiry as asha } from './support/fixtures';

interface MailState {
  status: string;
  attempts: number;
  lastError: string | null;
}

const POLL_MS = 100;

/**
 * Follows the timers set with `delay` (the worker's poll interval): how many were set, and
 * how many are still waiting, neither fired nor cleared. The worker's timers are unref'd, so
 * process.getActiveResourcesInfo() would not show one left behind.
 */
function watchTimers(delay: number) {
  const realSet = global.setTimeout;
  const realClear = global.clearTimeout;
  const waiting = new Set<unknown>();
  let scheduled = 0;
  const set = jest.spyOn(global, 'setTimeout').mockImplementation(((
    callback: (...args: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
  ) => {
    if (ms !== delay) return realSet(callback, ms, ...args);
    scheduled += 1;
    const timer = realSet(
      (...given: unknown[]) => {
        waiting.delete(timer);
        callback(...given);
      },
      ms,
      ...args,
    );
    waiting.add(timer);
    return timer;
  }) as typeof setTimeout);
  const clear = jest.spyOn(global, 'clearTimeout').mockImplementation((timer) => {
    waiting.delete(timer);
    realClear(timer);
  });
  return {
    scheduled: () => scheduled,
    pending: () => waiting.size,
    stop: () => {
      set.mockRestore();
      clear.mockRestore();
    },
  };
}

/**
 * The app with the outbox worker polling fast, mailing through `smtpUrl`; `env` can give
 * it another sender or another instance's database.
 */
const appMailingTo = (smtpUrl: string, env: Record<string, string> = {}) =>
  createTestApp({
    SMTP_URL: smtpUrl,
    ENQUIRY_NOTIFY_TO: 'sales@vitrine.example',
    MAIL_FROM: 'Vitrine <no-reply@vitrine.example>',
    OUTBOX_POLL_MS: String(POLL_MS),
    OUTBOX_BACKOFF_MS: '100',
    ...env,
  });

/** Closes what a test opened, newest first (the app before its mail server). */
let opened: { close(): Promise<void> }[] = [];
async function open<T extends { close(): Promise<void> }>(starting: Promise<T>): Promise<T> {
  const thing = await starting;
  opened.unshift(thing);
  return thing;
}

const mailOf = async (t: TestApp, id: string): Promise<MailState> =>
  (await t.api.get(`/api/enquiries/${id}`).set(bearer(t.adminToken)).expect(200)).body.mail;

const sentState = async (t: TestApp, id: string) => {
  await waitUntil(
    async () => (await mailOf(t, id)).status === 'sent',
    10_000,
    'the sent state',
    50,
  );
  return mailOf(t, id);
};

describe('enquiry outbox', () => {
  afterEach(async () => {
    for (const thing of opened) await thing.close();
    opened = [];
  });
  afterAll(() => stopTestDatabase());

  it('mails a new enquiry to ENQUIRY_NOTIFY_TO with a readable subject and the fields in the body', async () => {
    const smtp = await open(startFakeSmtp());
    const t = await open(appMailingTo(smtp.url));

    const { body: enquiry } = await t.api.post('/api/enquiries').send(asha).expect(201);
    await waitUntil(async () => smtp.received.length > 0, 10_000, 'the mail', 50);
    const [mail] = smtp.received;

    expect(mail.from).toBe('no-reply@vitrine.example');
    expect(mail.to).toEqual(['sales@vitrine.example']);
    expect(mail.headers.subject).toBe('New enquiry from Asha Verma (contact form)');
    expect(mail.headers['reply-to']).toBe('asha@example.com');
    expect(mail.headers['content-type']).toMatch(/^text\/plain/);
    for (const line of [
      'Name:      Asha Verma',
      'Phone:     +91 98765 43210',
      'Email:     asha@example.com',
      `Reference: ${enquiry._id}`,
      asha.Message,
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).not.toMatch(/website|note|spam/i);

    const state = await sentState(t, enquiry._id);
    expect(state).toMatchObject({ status: 'sent', attempts: 1, lastError: null, configured: true });
    expect(smtp.received).toHaveLength(1);
  });

  it('names the call-back form in the subject and leaves out what the visitor did not give', async () => {
    const smtp = await open(startFakeSmtp());
    const t = await open(appMailingTo(smtp.url));

    await t.api
      .post('/api/enquiries')
      .send({ Name: 'Ravi Kumar Shah', Contact: '98765 43210', Email: '', Message: '' })
      .expect(201);
    await waitUntil(async () => smtp.received.length > 0, 10_000, 'the mail', 50);
    const [mail] = smtp.received;
    expect(mail.headers.subject).toBe('New enquiry from Ravi Kumar Shah (call-back form)');
    expect(mail.headers['reply-to']).toBeUndefined();
    expect(mail.text).toContain('Email:     (not given)');
    expect(mail.text).toContain('(no message)');
  });

  it('retries after temporary failures and delivers on the third attempt', async () => {
    const smtp = await open(startFakeSmtp({ failData: 2 }));
    const t = await open(appMailingTo(smtp.url));

    const { body: enquiry } = await t.api.post('/api/enquiries').send(asha).expect(201);
    const state = await sentState(t, enquiry._id);

    expect(state).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(smtp.dataCommands).toBe(3);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].headers.subject).toBe('New enquiry from Asha Verma (contact form)');
  });

  it('keeps the enquiry, and its notification pending with the error, while the mail server is down', async () => {
    const port = await refusedPort();
    const t = await open(appMailingTo(`smtp://mailer:s3cret-Passw0rd@127.0.0.1:${port}`));

    const { body: enquiry } = await t.api.post('/api/enquiries').send(asha).expect(201);
    const attempts = async () => (await mailOf(t, enquiry._id)).attempts;
    await waitUntil(async () => (await attempts()) >= 2, 10_000, 'a retried attempt', 50);
    const state = await mailOf(t, enquiry._id);

    expect(state.status).toBe('pending');
    expect(state.lastError).toMatch(/ECONNREFUSED/);
    expect(state.lastError).not.toMatch(/s3cret|mailer:/);
    const listed = await t.api.get('/api/enquiries').set(bearer(t.adminToken)).expect(200);
    expect(listed.body.map((e: { _id: string }) => e._id)).toEqual([enquiry._id]);
  });

  it('never mails spam', async () => {
    const smtp = await open(startFakeSmtp());
    const t = await open(appMailingTo(smtp.url));

    // The spam comes first: had it been queued, it would be due before the real one.
    const { body: spam } = await t.api
      .post('/api/enquiries')
      .send({ ...asha, FirstName: 'Bot', website: 'http://cheap-pills.example' })
      .expect(201);
    const { body: real } = await t.api.post('/api/enquiries').send(asha).expect(201);

    await sentState(t, real._id);
    expect(smtp.received.map((mail) => mail.headers.subject)).toEqual([
      'New enquiry from Asha Verma (contact form)',
    ]);
    expect(await mailOf(t, spam._id)).toBeNull();
  });

  it('queues, once, the notification of an enquiry that was stored without one', async () => {
    const smtp = await open(startFakeSmtp());
    const t = await open(appMailingTo(smtp.url));
    // As if the process died between storing the enquiry and queuing its mail.
    const mongoose = await import('mongoose');
    const connection = mongoose.connections.find((c) => t.mongoUri.endsWith(`/${c.name}`))!;
    const { insertedId } = await connection.collection('enquiries').insertOne({
      FirstName: 'Orphan',
      LastName: 'Enquiry',
      Email: 'orphan@example.com',
      PhoneNumber: '',
      Message: 'Did my message arrive?',
      source: 'contact',
      status: 'new',
      note: '',
      createdAt: new Date(Date.now() - 60_000),
      updatedAt: new Date(Date.now() - 60_000),
    });

    const enquiries = t.app.get(EnquiriesService);
    expect(await enquiries.sweepUnqueued()).toBe(1);
    expect(await enquiries.sweepUnqueued()).toBe(0);
    const orphan = () => smtp.received.find((m) => m.text.includes('Did my message arrive?'));
    await waitUntil(async () => orphan() !== undefined, 10_000, 'the mail', 50);
    const mail = orphan()!;
    expect(mail.headers.subject).toBe('New enquiry from Orphan Enquiry (contact form)');
    await sentState(t, String(insertedId));
    expect(await connection.collection('outbox').countDocuments({ enquiryId: insertedId })).toBe(1);
  });

  it('delivers each notification exactly once when two API instances share the database', async () => {
    // A backlog first: an instance without mail settings stores and queues, sends nothing.
    const store = await open(createTestApp({ SMTP_URL: '' }));
    const messages = Array.from({ length: 40 }, (_, i) => `Order #${i + 1}.`);
    for (const Message of messages) {
      await store.api
        .post('/api/enquiries')
        .send({ ...asha, Message })
        .expect(201);
    }
    // Then two mailing instances on that database work through it. The slow server keeps
    // mail in flight, and the first far from done (4 s alone) when the second has started;
    // each instance signs its mail, to tell that both took part.
    const smtp = await open(startFakeSmtp({ acceptDelayMs: 100 }));
    const shared = { MONGODB_URI: store.mongoUri };
    const first = await appMailingTo(smtp.url, { ...shared, MAIL_FROM: 'first@vitrine.example' });
    const second = await appMailingTo(smtp.url, { ...shared, MAIL_FROM: 'second@vitrine.example' });
    try {
      await waitUntil(
        async () => smtp.received.length >= messages.length,
        20_000,
        'every mail',
        50,
      );
    } finally {
      // Closing waits for a send in flight, so a second copy would have arrived by now.
      await Promise.all([first.close(), second.close()]);
    }
    const delivered = smtp.received.map((mail) => messages.find((m) => mail.text.includes(m)));
    expect(delivered.sort()).toEqual([...messages].sort());
    expect(new Set(smtp.received.map((mail) => mail.from))).toEqual(
      new Set(['first@vitrine.example', 'second@vitrine.example']),
    );
  });

  it('stops polling when the app closes, leaving no timer behind', async () => {
    const keepingAlive = () =>
      process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const smtp = await open(startFakeSmtp());
    const before = keepingAlive();
    const polls = watchTimers(POLL_MS);
    const t = await appMailingTo(smtp.url);
    try {
      const { body: enquiry } = await t.api.post('/api/enquiries').send(asha).expect(201);
      await sentState(t, enquiry._id);
      expect(polls.scheduled()).toBeGreaterThan(1);
    } finally {
      await t.close();
      polls.stop();
    }
    expect(polls.pending()).toBe(0);
    // Node, the driver and jest's reporter keep short timers of their own (the HTTP date
    // cache, the pool's last tick): those end within a second; one the app left would not.
    await waitUntil(async () => keepingAlive() <= before, 3_000, 'the timers to settle', 50);
  });
});
