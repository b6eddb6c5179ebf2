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
