/** @jest-environment node */
import { entryFiles, sharedMismatch, type Manifest } from './remote-checks';

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
