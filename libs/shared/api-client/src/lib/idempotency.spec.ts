import { ApiError, createApiClient, unwrap } from './client';
import { SaveKeys, isUnanswered, retryDelayMs, saveUntilAnswered } from './idempotency';

const timeout = () =>
  new ApiError(0, {
    statusCode: 0,
    error: 'Timeout',
    message: 'The server did not answer within 15 seconds',
  });
const stillRunning = () =>
  new ApiError(409, {
    statusCode: 409,
    error: 'Conflict',
    message: 'A request with this Idempotency-Key is still being processed; retry shortly',
  });
const refused = () =>
  new ApiError(400, { statusCode: 400, error: 'Bad Request', message: 'ProductName is required' });

/** A client whose server answers each request with the next of `answers` (an error: no answer). */
function scriptedApi(answers: (number | 'hang')[]) {
  const calls: Request[] = [];
  const fetch = async (request: Request) => {
    calls.push(request);
    const answer = answers.shift() ?? 201;
    if (answer === 'hang') return new Promise<Response>(() => undefined);
    return new Response(JSON.stringify({ _id: 'p1', statusCode: answer, message: 'x' }), {
      status: answer,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  const api = createApiClient({ baseUrl: 'http://api.test', fetch, timeoutMs: 20 });
  return { api, calls };
}

const noWait = { wait: () => Promise.resolve() };

describe('saves that are sent again until the server answers', () => {
  it('sends a timed-out save again with the same key, and resolves with its success', async () => {
    const { api, calls } = scriptedApi(['hang', 'hang', 201]);
    const unanswered: number[] = [];
    const saved = await saveUntilAnswered(
      'save-1',
      () => unwrap(api.POST('/api/product', { body: {} as never })),
      { ...noWait, onUnanswered: (_error, attempt) => unanswered.push(attempt) },
    );
    expect(saved).toMatchObject({ _id: 'p1' });
    expect(calls.map((c) => c.headers.get('Idempotency-Key'))).toEqual([
      'save-1.0',
      'save-1.0',
      'save-1.0',
    ]);
    expect(unanswered).toEqual([1, 2]);
  });

  it('gives each write of one save its own key, and the same keys when it is sent again', async () => {
    const { api, calls } = scriptedApi([201, 'hang', 201, 201]);
    await saveUntilAnswered(
      'save-2',
      async () => {
        await unwrap(api.POST('/api/media/library', { body: {} as never }));
        await unwrap(
          api.PUT('/api/product/{id}', { params: { path: { id: 'p1' } }, body: {} as never }),
        );
      },
      noWait,
    );
    expect(calls.map((c) => `${c.method} ${c.headers.get('Idempotency-Key')}`)).toEqual([
      'POST save-2.0',
      'PUT save-2.1',
      'POST save-2.0',
      'PUT save-2.1',
    ]);
  });

  it("stops at the server's refusal and says it, without sending again", async () => {
    let attempts = 0;
    await expect(
      saveUntilAnswered(
        'save-3',
        async () => {
          attempts++;
          throw attempts === 1 ? stillRunning() : refused();
        },
        noWait,
      ),
    ).rejects.toMatchObject({ status: 400, message: 'ProductName is required' });
    expect(attempts).toBe(2);
  });

  it('waits longer after each unanswered attempt, up to 15 seconds', async () => {
    const waits: number[] = [];
    let attempts = 0;
    await saveUntilAnswered(
      'save-4',
      async () => {
        if (++attempts < 7) throw timeout();
      },
      { wait: async (ms) => void waits.push(ms) },
    );
    expect(waits).toEqual([1000, 2000, 4000, 8000, 15000, 15000]);
    expect(retryDelayMs(1)).toBe(1000);
  });

  it('sends no key outside a save, nor on a read', async () => {
    const { api, calls } = scriptedApi([201, 200]);
    await api.POST('/api/product', { body: {} as never });
    await saveUntilAnswered('save-5', () => unwrap(api.GET('/api/product')), noWait);
    expect(calls.map((c) => c.headers.get('Idempotency-Key'))).toEqual([null, null]);
  });

  it('takes a timeout, a lost connection, a gateway and "still running" for no answer', () => {
    expect(isUnanswered(timeout())).toBe(true);
    expect(isUnanswered(new ApiError(504, undefined))).toBe(true);
    expect(isUnanswered(stillRunning())).toBe(true);
    expect(isUnanswered(refused())).toBe(false);
    expect(
      isUnanswered(
        new ApiError(409, { statusCode: 409, error: 'Conflict', message: 'Name taken' }),
      ),
    ).toBe(false);
    expect(isUnanswered(new Error('bug'))).toBe(false);
  });
});

describe('one key per save of the same content', () => {
  it('keeps the key for the same values until the server answered, and changes it with them', () => {
    let n = 0;
    const keys = new SaveKeys(() => `k${++n}`);
    const photo = new File(['abc'], 'loom.png', { type: 'image/png', lastModified: 1 });
    expect(keys.keyFor({ name: 'Ikat', photo })).toBe('k1');
    expect(keys.keyFor({ name: 'Ikat', photo })).toBe('k1');
    expect(keys.keyFor({ name: 'Ikat, blue', photo })).toBe('k2');
    const otherPhoto = new File(['abcd'], 'loom.png', { type: 'image/png', lastModified: 1 });
    expect(keys.keyFor({ name: 'Ikat, blue', photo: otherPhoto })).toBe('k3');
    keys.answered();
    expect(keys.keyFor({ name: 'Ikat, blue', photo: otherPhoto })).toBe('k4');
  });
});
