/**
 * @jest-environment node
 */
import { unwrap } from '@vitrine/api-client';
import { createKeptAnswers } from './kept-answers';

let asked: string[];

beforeEach(() => {
  asked = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    asked.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/gallery') {
      return Response.json({ statusCode: 503, message: 'Down' }, { status: 503 });
    }
    return Response.json({ asked: asked.length, padding: 'x'.repeat(100) });
  });
});

afterEach(() => jest.restoreAllMocks());

const settings = (api: ReturnType<ReturnType<typeof createKeptAnswers>['clientFor']>) =>
  unwrap(api.GET('/api/settings'));
const products = (
  api: ReturnType<ReturnType<typeof createKeptAnswers>['clientFor']>,
  category: string,
) => unwrap(api.GET('/api/product', { params: { query: { category } } }));

describe("a server render's kept answers", () => {
  it('answers a read asked before under the same content version without asking the API', async () => {
    const kept = createKeptAnswers(1024 * 1024);
    const first = await settings(kept.clientFor('http://api.test', '7'));
    const again = await settings(kept.clientFor('http://api.test/', '7'));
    expect(again).toEqual(first);
    expect(asked).toEqual(['/api/settings']);
  });

  it('asks again under another content version, with other parameters, or of another API', async () => {
    const kept = createKeptAnswers(1024 * 1024);
    await products(kept.clientFor('http://api.test', '7'), 'Linen');
    await products(kept.clientFor('http://api.test', '8'), 'Linen');
    await products(kept.clientFor('http://api.test', '8'), 'Cotton');
    await products(kept.clientFor('http://other.test', '8'), 'Cotton');
    await products(kept.clientFor('http://api.test', '8'), 'Cotton');
    expect(asked).toEqual([
      '/api/product?category=Linen',
      '/api/product?category=Linen',
      '/api/product?category=Cotton',
      '/api/product?category=Cotton',
    ]);
  });

  it('keeps nothing without a content version, no failure and no read with its own headers', async () => {
    const kept = createKeptAnswers(1024 * 1024);
    await settings(kept.clientFor('http://api.test', undefined));
    await settings(kept.clientFor('http://api.test', undefined));
    const api = kept.clientFor('http://api.test', '7');
    for (let i = 0; i < 2; i++) {
      await expect(unwrap(api.GET('/api/gallery'))).rejects.toMatchObject({ status: 503 });
      await api.GET('/api/previews/{token}', {
        params: { path: { token: 't' } },
        headers: { Authorization: 'Bearer editor' },
      });
    }
    expect(asked).toEqual([
      '/api/settings',
      '/api/settings',
      '/api/gallery',
      '/api/previews/t',
      '/api/gallery',
      '/api/previews/t',
    ]);
  });

  it('lets the least recently used answer go past its size', async () => {
    // Each answer is about 130 bytes: room for two.
    const kept = createKeptAnswers(300);
    const api = kept.clientFor('http://api.test', '7');
    await products(api, 'Linen');
    await products(api, 'Cotton');
    await products(api, 'Linen');
    await products(api, 'Silk');
    await products(api, 'Linen');
    await products(api, 'Cotton');
    expect(asked).toEqual([
      '/api/product?category=Linen',
      '/api/product?category=Cotton',
      '/api/product?category=Silk',
      '/api/product?category=Cotton',
    ]);
  });
});
