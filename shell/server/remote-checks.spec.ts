/** @jest-environment node */
import { checkBrowserEntry, entryFiles, sharedMismatch, type Manifest } from './remote-checks';

const shell: Manifest = {
  shared: [
    { name: 'react', version: '19.3.1', requiredVersion: '^19.2.0', singleton: true },
    { name: 'react-router-dom', version: '6.30.6', requiredVersion: '~6.30.5', singleton: true },
  ],
};

describe("a remote's shared libraries against the shell's", () => {
  it('fit when each accepts the version the other has', () => {
    expect(
      sharedMismatch(shell, {
        shared: [
          { name: 'react', version: '19.2.4', requiredVersion: '^19.0.0', singleton: true },
          { name: 'lodash', version: '4.17.21', requiredVersion: '^4.0.0' },
        ],
      }),
    ).toBeNull();
  });

  it('do not fit when the remote wants another major React, or the shell refuses its router', () => {
    expect(
      sharedMismatch(shell, {
        shared: [{ name: 'react', version: '18.3.1', requiredVersion: '^18.2.0', singleton: true }],
      }),
    ).toBe('it shares react 18.3.1 (wants ^18.2.0), the shell has 19.3.1 (wants ^19.2.0)');
    expect(
      sharedMismatch(shell, {
        shared: [
          { name: 'react-router-dom', version: '7.1.0', requiredVersion: false, singleton: true },
        ],
      }),
    ).toMatch(/react-router-dom 7\.1\.0/);
  });
});

describe("a remote's entry files", () => {
  it("are ./Module's first scripts and styles, and none without it", () => {
    expect(
      entryFiles({
        exposes: [
          {
            name: 'Module',
            assets: { js: { sync: ['a.js'], async: ['late.js'] }, css: { sync: ['a.css'] } },
          },
        ],
      }),
    ).toEqual(['a.js', 'a.css']);
    expect(entryFiles({ exposes: [{ name: 'Version' }] })).toEqual([]);
  });
});

/**
 * A remoteEntry.js as webpack and the federation runtime write one: the runtime's global from
 * document.defaultView, its public path from the script, then its container.
 */
const entry = (container = 'admin_mfe', after = '') => `var ${container};
(() => {
  Object.prototype.hasOwnProperty.call(document.defaultView, '__FEDERATION__');
  var scriptUrl = document.currentScript && document.currentScript.src;
  if (!scriptUrl) throw new Error('Automatic publicPath is not supported in this browser');
  var publicPath = scriptUrl.replace(/[^/]*$/, '');
  ${container} = { get: (module) => Promise.resolve(() => publicPath + module), init: () => {} };
})();
${after}`;
const URL = 'https://admin.example/a1/remoteEntry.js';

describe("a remote's entry, loaded as the browser would", () => {
  it('passes when remoteEntry.js defines its container and every script compiles', async () => {
    await expect(
      checkBrowserEntry('admin_mfe', URL, entry(), {
        'main.js': '(self.webpackChunk = self.webpackChunk || []).push([[1], {}]);',
        'main.css': 'body { margin: 0 }',
      }),
    ).resolves.toBeUndefined();
  });

  it("gives a production remote, which has none of its own, the shell's federation runtime", async () => {
    // What a remote built with experiments.externalRuntime does first: read the runtime the
    // shell's page provides, and keep its instances in its own window's __FEDERATION__.
    const usesShellRuntime = `
      var core = self._FEDERATION_RUNTIME_CORE;
      if (!core || typeof core.setGlobalFederationConstructor !== 'function') throw new Error('no federation runtime');
      if (core.CurrentGlobal !== self || !self.__FEDERATION__) throw new Error('not the page');`;
    const before = (globalThis as { __FEDERATION__?: unknown }).__FEDERATION__;
    await expect(
      checkBrowserEntry('admin_mfe', URL, entry('admin_mfe', usesShellRuntime), {}),
    ).resolves.toBeUndefined();
    expect((globalThis as { __FEDERATION__?: unknown }).__FEDERATION__).toBe(before);
  });

  it('refuses an entry that throws as it loads, or defines another container or none', async () => {
    await expect(
      checkBrowserEntry(
        'admin_mfe',
        URL,
        entry('admin_mfe', "throw new Error('a bad merge');"),
        {},
      ),
    ).rejects.toThrow('its remoteEntry.js throws as it loads: a bad merge');
    await expect(checkBrowserEntry('admin_mfe', URL, entry('public_mfe'), {})).rejects.toThrow(
      'its remoteEntry.js defines no container admin_mfe with init() and get()',
    );
    await expect(checkBrowserEntry('admin_mfe', URL, '', {})).rejects.toThrow(
      'defines no container admin_mfe',
    );
  });

  it('refuses a script of ./Module or an entry that does not compile, naming the file', async () => {
    await expect(
      checkBrowserEntry('admin_mfe', URL, entry(), { 'main.4f2a.js': 'var chunk = ;' }),
    ).rejects.toThrow(/^its main\.4f2a\.js does not compile: Unexpected token/);
    await expect(checkBrowserEntry('admin_mfe', URL, entry().slice(0, -40), {})).rejects.toThrow(
      /^its remoteEntry\.js does not compile: /,
    );
  });

  it('refuses an entry that never finishes loading', async () => {
    await expect(
      checkBrowserEntry('admin_mfe', URL, entry('admin_mfe', 'for (;;) {}'), {}),
    ).rejects.toThrow('its remoteEntry.js throws as it loads: Script execution timed out');
  });
  // One that leaves a rejection unhandled: watch-errors.spec.ts, in a process of its own.
});
