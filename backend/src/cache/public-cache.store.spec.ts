import type { ConfigService } from '@nestjs/config';
import type { Clock } from '../common/clock/clock';
import type { ContentVersionService } from './content-version.service';
import { MAX_ENTRY_BYTES, PublicCacheStore, type CachedAnswer } from './public-cache.store';

const KIB = 1024;

/** A store bounded to `maxBytes`, at content version 'v1' until `change()` moves it. */
function storeOf(maxBytes: number) {
  let current = 'v1';
  const listeners = new Set<(version: string) => void>();
  const versions = {
    get current() {
      return current;
    },
    onChange(listener: (version: string) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as ContentVersionService;
  const config = {
    getOrThrow: () => ({ publicCacheTtlMs: 60_000, publicCacheMaxBytes: maxBytes }),
  } as unknown as ConfigService;
  let now = Date.now();
  const clock = { now: () => new Date(now) } as Clock;
  const store = new PublicCacheStore(versions, config, clock);
  const change = (version: string) => {
    current = version;
    for (const listener of listeners) listener(version);
  };
  const wait = (ms: number) => (now += ms);
  return { store, change, wait };
}

const answerOf = (bytes: number): CachedAnswer => ({
  body: Buffer.alloc(bytes, 'x'),
  headers: { 'content-type': 'application/json' },
});

describe('PublicCacheStore', () => {
  it('keeps at most its bound in bytes, letting the least recently used answers go first', () => {
    const { store } = storeOf(100 * KIB);
    for (let page = 1; page <= 5; page++)
      store.set(`/api/product?page=${page}`, 'v1', answerOf(30 * KIB));

    expect(store.size).toEqual({ entries: 3, bytes: 90 * KIB });
    expect(store.get('/api/product?page=1')).toBeUndefined();
    expect(store.get('/api/product?page=2')).toBeUndefined();
    for (const page of [3, 4, 5])
      expect(store.get(`/api/product?page=${page}`)?.body.length).toBe(30 * KIB);
  });

  it('counts a replaced answer once, at its new size', () => {
    const { store } = storeOf(100 * KIB);
    store.set('/api/service/', 'v1', answerOf(60 * KIB));
    store.set('/api/service/', 'v1', answerOf(20 * KIB));
    store.set('/api/reviews/', 'v1', answerOf(70 * KIB));

    expect(store.size).toEqual({ entries: 2, bytes: 90 * KIB });
    expect(store.get('/api/service/')?.body.length).toBe(20 * KIB);
  });

  it('serves but does not keep an answer larger than the bound or than an entry may be', () => {
    const small = storeOf(64 * KIB).store;
    small.set('/api/product?limit=100', 'v1', answerOf(65 * KIB));
    expect(small.get('/api/product?limit=100')).toBeUndefined();
    expect(small.size).toEqual({ entries: 0, bytes: 0 });

    const roomy = storeOf(64 * 1024 * KIB).store;
    roomy.set('/api/gallery', 'v1', answerOf(MAX_ENTRY_BYTES + 1));
    expect(roomy.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('frees every byte when the content version moves, and keeps counting from zero', () => {
    const { store, change } = storeOf(100 * KIB);
    store.set('/api/product', 'v1', answerOf(50 * KIB));
    store.set('/api/service/', 'v1', answerOf(40 * KIB));
    change('v2');
    expect(store.size).toEqual({ entries: 0, bytes: 0 });

    store.set('/api/product', 'v2', answerOf(90 * KIB));
    expect(store.size).toEqual({ entries: 1, bytes: 90 * KIB });
  });

  it('gives back the bytes of an answer found outdated when asked for', () => {
    const { store, wait } = storeOf(100 * KIB);
    store.set('/api/product', 'v1', answerOf(50 * KIB));
    wait(61_000);
    expect(store.get('/api/product')).toBeUndefined();
    expect(store.size).toEqual({ entries: 0, bytes: 0 });
  });
});
