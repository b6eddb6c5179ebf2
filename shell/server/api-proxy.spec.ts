/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { classifyTarget } from './api-proxy';

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
});
