/** @jest-environment node */
import path from 'node:path';
import { ConfigError, readConfig } from './config';

describe("the shell's server settings", () => {
  it('reads the command line over the environment, with defaults for a first run', () => {
    const config = readConfig(['--port', '4300', '--api', 'http://api.internal:3000/'], {
      API_URL: 'http://ignored:1',
      TRUST_PROXY: '1',
      SHELL_RENDER_CACHE_MB: '16',
    });
    expect(config).toMatchObject({
      port: 4300,
      api: 'http://api.internal:3000',
      siteUrl: 'http://localhost:4300',
      trustProxy: 1,
      renderCacheBytes: 16 * 1024 * 1024,
      dir: path.resolve('dist/shell'),
    });
    expect(config.uploadsCacheBytes).toBeUndefined();
    expect(config.production).toBe(false);
  });

  it('reads where each remote is, for browsers and for this server, as http(s) addresses', () => {
    expect(
      readConfig([], {
        PUBLIC_MFE_URL: 'https://public.example/',
        ADMIN_MFE_URL: 'https://admin.example/remoteEntry.js',
        PUBLIC_MFE_INTERNAL_URL: 'http://public-mfe:4201',
        ADMIN_MFE_INTERNAL_URL: 'http://admin-mfe:4202/',
      }),
    ).toMatchObject({
      publicMfeUrl: 'https://public.example',
      adminMfeUrl: 'https://admin.example/remoteEntry.js',
      publicMfeInternalUrl: 'http://public-mfe:4201',
      adminMfeInternalUrl: 'http://admin-mfe:4202',
    });
    expect(() => readConfig([], { ADMIN_MFE_INTERNAL_URL: 'admin-mfe:4202' })).toThrow(
      new ConfigError('ADMIN_MFE_INTERNAL_URL must be an http(s) URL, not "admin-mfe:4202"'),
    );
  });

  it('refuses to start in production without SITE_URL, saying what to set', () => {
    expect(() => readConfig([], { NODE_ENV: 'production' })).toThrow(
      new ConfigError(
        "SITE_URL is required in production: the site's public address, such as https://vitrine.example",
      ),
    );
    expect(
      readConfig([], { NODE_ENV: 'production', SITE_URL: 'https://vitrine.example/' }),
    ).toMatchObject({ siteUrl: 'https://vitrine.example', production: true });
  });

  it('names every wrong value at once', () => {
    expect(() =>
      readConfig(['--port', 'eighty'], {
        API_URL: 'api:3000',
        TRUST_PROXY: 'true',
        SHELL_UPLOADS_CACHE_MB: '-1',
        PUBLIC_MFE_URL: 'ftp://remotes.example/public/',
      }),
    ).toThrow(
      'the port (--port, PORT) must be a whole number from 0 to 65535, not "eighty"; ' +
        'the API (--api, API_URL) must be an http(s) URL, not "api:3000"; ' +
        'TRUST_PROXY must be a whole number 0 or more, not "true"; ' +
        'SHELL_UPLOADS_CACHE_MB must be a whole number 0 or more, not "-1"; ' +
        'PUBLIC_MFE_URL must be an http(s) URL, not "ftp://remotes.example/public/"',
    );
  });
});
