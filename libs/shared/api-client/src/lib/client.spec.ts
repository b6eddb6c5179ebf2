import { ApiError, createApiClient, runtimeApiBase, totalCount, unwrap } from './client';

function fakeFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  const calls: Request[] = [];
  const fetch = async (input: Request) => {
    calls.push(input);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  };
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

describe('the API client', () => {
  it('sends the stored token as a bearer token, read at call time', async () => {
    let token: string | null = 'first';
    const { fetch, calls } = fakeFetch(200, []);
    const api = createApiClient({ baseUrl: 'http://api.test', fetch, getToken: () => token });
    await api.GET('/api/user');
    token = 'second';
    await api.GET('/api/user');
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual([
      'Bearer first',
      'Bearer second',
    ]);
    expect(calls[0].url).toBe('http://api.test/api/user');
  });

  it('signals a 401 on a request that carried a token, so the app can sign out', async () => {
    const onUnauthorized = jest.fn();
    const { fetch } = fakeFetch(401, {
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Sign-in required',
    });
    const signedIn = createApiClient({
      baseUrl: 'http://api.test',
      fetch,
      getToken: () => 'expired',
      onUnauthorized,
    });
    await expect(unwrap(signedIn.GET('/api/user'))).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    const anonymous = createApiClient({ baseUrl: 'http://api.test', fetch, onUnauthorized });
    await anonymous.POST('/api/user/login', { body: { UserName: 'x', Password: 'y' } });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('sends a write again with a renewed token when the session has ended, once', async () => {
    const calls: Request[] = [];
    const fetch = async (input: Request) => {
      calls.push(input);
      const body = await input.clone().text();
      const ok = input.headers.get('Authorization') === 'Bearer renewed';
      return new Response(ok ? body : '{"statusCode":401,"message":"Sign-in required"}', {
        status: ok ? 200 : 401,
        headers: { 'Content-Type': 'application/json' },
      });
    };
    const onUnauthorized = jest.fn();
    const renewToken = jest.fn(async () => 'renewed');
    const api = createApiClient({
      baseUrl: 'http://api.test',
      fetch,
      getToken: () => 'expired',
      renewToken,
      onUnauthorized,
    });
    const body = { status: 'read' as const, note: 'Called back' };
    const saved = await unwrap(
      api.PATCH('/api/enquiries/{id}', { params: { path: { id: 'e1' } }, body }),
    );
    expect(saved).toEqual(body);
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual([
      'Bearer expired',
      'Bearer renewed',
    ]);
    expect(renewToken).toHaveBeenCalledTimes(1);
    expect(renewToken).toHaveBeenCalledWith('expired');
    expect(onUnauthorized).not.toHaveBeenCalled();

    // Declined (null): the 401 stands and is reported.
    renewToken.mockResolvedValueOnce(null as unknown as string);
    await expect(unwrap(api.GET('/api/user'))).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('gives up on a request the server does not answer in time, with a clear message', async () => {
    const fetch = () => new Promise<Response>(() => undefined);
    const api = createApiClient({ baseUrl: 'http://api.test', fetch, timeoutMs: 50 });
    await expect(unwrap(api.GET('/api/product'))).rejects.toMatchObject({
      status: 0,
      message: expect.stringMatching(/^The server did not answer within \d+ seconds/),
    });
  });

  it("turns an error answer into an ApiError with the API's message and field errors", async () => {
    const { fetch } = fakeFetch(409, {
      statusCode: 409,
      error: 'Conflict',
      message: 'This user name is already taken',
      errors: { UserName: 'This user name is already taken' },
    });
    const api = createApiClient({ baseUrl: 'http://api.test', fetch });
    const error = await unwrap(api.GET('/api/user')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'This user name is already taken',
      fieldErrors: { UserName: 'This user name is already taken' },
    });
  });

  it('reports a network failure as a readable ApiError', async () => {
    const fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    const api = createApiClient({ baseUrl: 'http://api.test', fetch });
    await expect(unwrap(api.GET('/api/product'))).rejects.toMatchObject({
      status: 0,
      message: expect.stringMatching(/could not be reached/),
    });
  });

  it('reads the total of a list from X-Total-Count', async () => {
    const { fetch } = fakeFetch(200, [{}, {}], { 'X-Total-Count': '42' });
    const api = createApiClient({ baseUrl: 'http://api.test', fetch });
    const { response } = await api.GET('/api/product');
    expect(totalCount(response)).toBe(42);
  });
});

describe('the API address', () => {
  afterEach(() => {
    delete (globalThis as { __VITRINE_CONFIG__?: unknown }).__VITRINE_CONFIG__;
  });

  it("comes from the shell's run-time config when there is one, else the page's origin", async () => {
    expect(runtimeApiBase()).toBe('');
    (globalThis as { __VITRINE_CONFIG__?: unknown }).__VITRINE_CONFIG__ = {
      apiUrl: 'https://api.vitrine.example/',
    };
    expect(runtimeApiBase()).toBe('https://api.vitrine.example');
    const { fetch, calls } = fakeFetch(200, []);
    await createApiClient({ fetch }).GET('/api/product');
    expect(calls[0].url).toBe('https://api.vitrine.example/api/product');
  });
});
