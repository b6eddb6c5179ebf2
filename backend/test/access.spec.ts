import { signedInUser } from './support/fixtures';
import { registeredRoutes } from './support/routes';
import { bearer, useTestApp } from './support/test-app';

/**
 * The routes anyone may call. Every other route the application registers must refuse
 * visitors (401) and signed-in non-administrators (403): a new route that forgets its
 * guard, or is opened without being listed here, fails this test.
 */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/content-version',
  'POST /api/user/login',
  'GET /api/product',
  'GET /api/product/getcategory',
  'GET /api/product/singleproject/:productname',
  'GET /api/product/:id',
  'GET /api/service',
  'GET /api/service/getcategory',
  'GET /api/service/singleservice/:servicename',
  'GET /api/service/:id',
  // Anyone may ask; only the editor who made the link gets more than a 404.
  'GET /api/previews/:token',
  // A share link is its own credential: 32 random bytes, for a client without an account.
  'GET /api/previews/share/:token',
  'GET /api/reviews',
  'GET /api/reviews/:id',
  'GET /api/gallery',
  'GET /api/settings',
  'POST /api/enquiries',
  // The public site's beacons: always 202, counted or not.
  'POST /api/insights/events',
  // How long the statistics are kept, which the public privacy note says.
  'GET /api/insights/policy',
  // Which version of each remote the shells serve: what any browser loads anyway.
  'GET /api/deployments/pointers',
]);

/** Routes for the shells alone, with their secret (SHELL_TOKEN): no user's token opens them. */
const SHELL_ROUTES = new Set(['POST /api/deployments/:remote/reports', 'POST /api/insights/views']);

/** Routes for every signed-in user, administrator or not: their own account, signing out. */
const SIGNED_IN_ROUTES = new Set([
  'GET /api/account',
  'POST /api/account/token',
  'PUT /api/account/password',
  'POST /api/user/logout',
]);

const sampleId = '0123456789abcdef01234567';
const concrete = (path: string) => path.replace(/:id\b/g, sampleId).replace(/:\w+/g, 'sample');

describe('access to every route', () => {
  let routes: string[];
  let editorToken: string;

  const t = useTestApp();
  beforeAll(async () => {
    routes = registeredRoutes(t.app);
    ({ token: editorToken } = await signedInUser(t, {
      UserName: 'editor',
      Password: 'editor-password',
      isAdmin: false,
    }));
  });

  it('finds the routes of every module', () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/user',
        'DELETE /api/product/:id',
        'PUT /api/reviews/:id',
        'GET /api/audit',
      ]),
    );
    expect(routes.length).toBeGreaterThan(25);
  });

  it('lists only routes that exist as public or for any signed-in user', () => {
    for (const route of [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES]) expect(routes).toContain(route);
  });

  it('refuses visitors with 401 and non-administrators with 403 on every other route', async () => {
    const protectedRoutes = routes.filter(
      (route) =>
        !PUBLIC_ROUTES.has(route) && !SIGNED_IN_ROUTES.has(route) && !SHELL_ROUTES.has(route),
    );
    expect(protectedRoutes.length).toBeGreaterThan(15);
    for (const route of protectedRoutes) {
      const [method, path] = route.split(' ');
      const call = () => t.api[method.toLowerCase() as 'get'](concrete(path)).send({});
      const anonymous = await call();
      const editor = await call().set(bearer(editorToken));
      expect(`${route} → ${anonymous.status}`).toBe(`${route} → 401`);
      expect(`${route} → ${editor.status}`).toBe(`${route} → 403`);
    }
  });

  it("refuses everyone without the shells' secret on their routes, administrators too", async () => {
    for (const route of SHELL_ROUTES) {
      expect(routes).toContain(route);
      const [method, path] = route.split(' ');
      const call = () => t.api[method.toLowerCase() as 'post'](concrete(path)).send({});
      for (const token of [undefined, editorToken, t.adminToken]) {
        const answer = token ? await call().set(bearer(token)) : await call();
        expect(`${route} → ${answer.status}`).toBe(`${route} → 401`);
      }
    }
  });

  it('refuses visitors with 401 on the routes for any signed-in user, and lets non-administrators in', async () => {
    for (const route of SIGNED_IN_ROUTES) {
      const [method, path] = route.split(' ');
      // A fresh token each time: signing out ends the earlier ones.
      const token = await t.login('editor', 'editor-password');
      const call = () => t.api[method.toLowerCase() as 'get'](concrete(path)).send({});
      const anonymous = await call();
      const editor = await call().set(bearer(token));
      expect(`${route} → ${anonymous.status}`).toBe(`${route} → 401`);
      expect(`${route} → ${editor.status}`).toMatch(/→ (200|204|400)$/);
    }
  });

  it('opens the public routes to visitors', async () => {
    for (const route of PUBLIC_ROUTES) {
      const [method, path] = route.split(' ');
      if (method !== 'GET') continue;
      const response = await t.api.get(concrete(path));
      expect(`${route} → ${response.status}`).toMatch(
        new RegExp(`^${route.replace(/[/:]/g, '.')} → (200|404)$`),
      );
    }
  });
});
