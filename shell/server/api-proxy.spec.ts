/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { API_ROOT_PATHS } from '@vitrine/contracts';
import { classifyTarget } from './api-proxy';

/** The root a path lies under, as the API and any server behind it would resolve it. */
const rootOf = (pathname: string) =>
  API_ROOT_PATHS.find((root) => pathname === root || pathname.startsWith(`${root}/`)) ?? null;

describe('what the shell forwards to the API', () => {
  it('is the API, uploads and the crawler files, and nothing that merely starts alike', () => {
    const api = ['/api', '/api/product?x=1', '/uploads/a-320.webp', '/sitemap.xml', '/robots.txt'];
    const pages = ['/', '/apiary', '/uploads-old', '/sitemap.xml.gz', '/about/api', '/admin'];
    expect(api.map(classifyTarget)).toEqual(api.map(() => 'api'));
    expect(pages.map(classifyTarget)).toEqual(pages.map(() => 'page'));
  });

  it('covers every path the API serves, as its typed client lists them', () => {
    const schema = fs.readFileSync(
      path.resolve(__dirname, '../../libs/shared/api-client/src/generated/schema.ts'),
      'utf8',
    );
    const served = [...schema.matchAll(/^ {2}'(\/[^']*)': \{$/gm)].map((match) => match[1]);
    expect(served.length).toBeGreaterThan(20);
    expect(served.filter((route) => classifyTarget(route) !== 'api')).toEqual([]);
  });

  it('refuses targets that are not paths, or whose decoded path walks out of its root', () => {
    const refused = [
      'http://127.0.0.2:8080/api/x',
      '*',
      '//elsewhere/api/x',
      '/api/../admin',
      '/api/%2e%2e/x',
      '/uploads/..%2f..%2fapi/user',
      '/api/x%5c..%5cy',
      '/api/x%00',
      '/api/%E0%A4%A',
      '/api%2fx',
    ];
    expect(refused.map(classifyTarget)).toEqual(refused.map(() => 'refuse'));
  });

  it('forwards nothing that, decoded and resolved, leaves the root it names (fuzzed)', () => {
    const segment = fc.oneof(
      fc.constantFrom('..', '.', '%2e%2e', '%2E.', '.%2e', '%252e%252e', '%2f', '%5c', '%00'),
      fc.constantFrom('api', 'uploads', 'x', '', 'a.webp', '..%2f', '%2e%2e%2f', '\\'),
      fc.webSegment(),
    );
    const target = fc
      .tuple(
        fc.constantFrom('/api', '/uploads', '/sitemap.xml', '/robots.txt', ''),
        fc.array(segment, { maxLength: 6 }),
      )
      .map(([root, segments]) => [root, ...segments].join('/'));
    fc.assert(
      fc.property(target, (candidate) => {
        if (classifyTarget(candidate) !== 'api') return;
        const resolved = new URL(decodeURIComponent(candidate), 'http://api.internal').pathname;
        expect({ candidate, root: rootOf(resolved) }).toEqual({
          candidate,
          root: rootOf(candidate),
        });
      }),
      {
        numRuns: 3000,
        // Found by this property: a dot written %2e after one decoding (%252e).
        examples: [['/api/%252e%252e/x'], ['/uploads/%252E./api']],
      },
    );
  });
});
