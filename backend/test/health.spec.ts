import fs from 'node:fs';
import path from 'node:path';
import { API_PREFIX, API_ROOT_PATHS, CRAWLER_FILES } from '@vitrine/contracts';
import { useTestApp } from './support/test-app';

describe('API basics', () => {
  const t = useTestApp();

  it('answers GET /api/health with status ok and the database up', async () => {
    const response = await t.api.get('/api/health').expect(200);
    expect(response.body).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('serves the OpenAPI document at /api/docs-json and Swagger UI at /api/docs', async () => {
    const json = await t.api.get('/api/docs-json').expect(200);
    expect(json.body.openapi).toMatch(/^3\./);
    expect(Object.keys(json.body.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/user/login']),
    );
    expect(json.body.components.securitySchemes.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });

    // The typed client the front ends use lists exactly these paths, spelled as routed.
    const client = fs.readFileSync(
      path.resolve(__dirname, '../../libs/shared/api-client/src/generated/schema.ts'),
      'utf8',
    );
    const clientPaths = [...client.matchAll(/^ {2}'(\/[^']*)': \{$/gm)].map((match) => match[1]);
    expect(clientPaths.sort()).toEqual(Object.keys(json.body.paths).sort());
    expect(clientPaths).toContain('/sitemap.xml');

    const ui = await t.api.get('/api/docs').expect(200);
    expect(ui.text).toContain('swagger-ui');
  });

  it("serves the contract's version, changelog and consumer guide in the document", async () => {
    const { body } = await t.api.get('/api/docs-json').expect(200);
    const released = JSON.parse(
      fs.readFileSync(path.resolve(__dirname, '../openapi/released.json'), 'utf8'),
    );
    expect(body.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(body.info['x-changelog'][0]).toMatchObject({ version: body.info.version });
    // What Swagger UI shows at /api/docs: the guide, then one section per version.
    expect(body.info.description).toContain('## For API consumers');
    expect(body.info.description).toContain(`### ${body.info.version} (`);
    // The released document is one this API has served, under a version not after this one.
    expect(
      body.info.version.localeCompare(released.info.version, undefined, { numeric: true }),
    ).toBeGreaterThanOrEqual(0);
  });

  it('documents only paths the servers in front of it forward: the crawler files at the root, where they answer', async () => {
    // API_ROOT_PATHS is the list the shell's server and the static servers forward to the API.
    const { body } = await t.api.get('/api/docs-json').expect(200);
    const paths = Object.keys(body.paths);
    const forwarded = (route: string) =>
      API_ROOT_PATHS.some((root) => route === root || route.startsWith(`${root}/`));
    expect(paths.filter((route) => !forwarded(route))).toEqual([]);
    expect(paths.filter((route) => !route.startsWith(`${API_PREFIX}/`)).sort()).toEqual(
      [...CRAWLER_FILES].sort(),
    );
    expect(paths).not.toContain('/api/sitemap.xml');
    for (const file of CRAWLER_FILES) {
      await t.api.get(file).expect(200);
      await t.api.get(`${API_PREFIX}${file}`).expect(404);
    }
  });

  it('keeps everything under /api and answers unknown paths with the error shape', async () => {
    const response = await t.api.get('/api/no-such-thing').expect(404);
    expect(response.body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: expect.any(String),
    });
  });

  it('sends security headers and a request id', async () => {
    const response = await t.api.get('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
