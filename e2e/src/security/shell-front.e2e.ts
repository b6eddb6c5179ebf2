import http from 'node:http';
import { createAdministrator, unique } from '../admin/admin-helpers';
import { apiList } from '../public/public-site';
import { stackUrls } from '../support/stack';

/**
 * The shell's server as the one door to the site: every visitor counted as themselves behind
 * it, and nothing a visitor sends (a Host header) written into the pages it renders.
 */

interface Answer {
  status: number;
  body: string;
}

/** A request to the shell from `localAddress`, one of this machine's loopback addresses. */
function request(
  pathname: string,
  options: { method?: string; body?: unknown; localAddress?: string; host?: string } = {},
): Promise<Answer> {
  const shell = new URL(stackUrls().shell);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: shell.hostname,
        port: shell.port,
        path: pathname,
        method: options.method ?? 'GET',
        localAddress: options.localAddress,
        headers: {
          ...(options.host ? { Host: options.host } : {}),
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the shell in front of the API', () => {
  it("counts each visitor as themselves: one address's wrong guesses never stop another's sign-in", async () => {
    const UserName = `owner${unique()}`;
    const Password = 'the owner knows this one';
    await createAdministrator(UserName, Password);
    const signIn = (password: string, localAddress: string) =>
      request('/api/user/login', {
        method: 'POST',
        body: { UserName, Password: password },
        localAddress,
      });

    // A guesser at one address is slowed down after its free guesses…
    const guesses: number[] = [];
    for (let i = 0; i < 8; i++) guesses.push((await signIn('wrong guess', '127.0.0.2')).status);
    expect(guesses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(guesses.slice(5)).toContain(429);
    // …while the owner, at another, signs in at once.
    const owner = await signIn(Password, '127.0.0.3');
    expect(owner.status).toBe(200);
    expect(JSON.parse(owner.body)).toEqual({ token: expect.any(String) });
  });

  it('writes the configured site address into a page, whatever Host a request names', async () => {
    const [product] = await apiList<{ slug: string }>('/api/product?limit=1');
    const pathname = `/singleproject/${product.slug}`;
    const forged = await request(pathname, { host: 'evil.example' });
    const honest = await request(pathname);
    expect(forged.status).toBe(200);
    expect(forged.body).not.toContain('evil.example');
    const canonical = (html: string) => /<link\b[^>]*rel="canonical"[^>]*href="([^"]+)"/.exec(html);
    expect(canonical(forged.body)?.[1]).toBe(`${stackUrls().shell}${pathname}`);
    expect(forged.body).toBe(honest.body);
  });
});
