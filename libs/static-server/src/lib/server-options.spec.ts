import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PublishError } from './publish';
import { serverOptions, USAGE } from './server-options';

describe("the static server's command line", () => {
  const versioned = ['--dir', '/releases', '--port', '4201', '--versioned'];

  it('reads a remote image’s command, with ten versions kept and nothing pinned by default', () => {
    expect(
      serverOptions([...versioned, '--publish-from', 'site', '--remote', 'public_mfe'], {}),
    ).toEqual({
      dir: '/releases',
      port: 4201,
      host: '127.0.0.1',
      spa: false,
      versioned: true,
      publishFrom: 'site',
      remote: 'public_mfe',
      keep: 10,
      pinned: [],
    });
  });

  it('takes the count kept and the pins from the environment, the command line first', () => {
    const env = { PORT: '4202', KEEP_VERSIONS: '4', PINNED_VERSIONS: 'aaaa-c1, bbbb-c2,' };
    expect(serverOptions(['--dir', 'd', '--versioned'], env)).toMatchObject({
      port: 4202,
      keep: 4,
      pinned: ['aaaa-c1', 'bbbb-c2'],
    });
    expect(serverOptions(['--dir', 'd', '--keep', '12', '--pinned', 'cccc-c3'], env)).toMatchObject(
      { keep: 12, pinned: ['cccc-c3'] },
    );
  });

  it('refuses bad options with one line, before anything is served or pruned', () => {
    const refusal = (args: string[], env = {}) => {
      try {
        serverOptions(args, env);
      } catch (error) {
        expect(error).toBeInstanceOf(PublishError);
        return (error as Error).message;
      }
      throw new Error(`${args.join(' ')} was taken`);
    };
    expect(refusal([...versioned, '--keep', 'abc'])).toBe(
      '--keep must be a whole number of versions to keep, from 1 to 1000 (not "abc")',
    );
    expect(refusal([...versioned, '--keep=0'])).toMatch(/^--keep must be .* \(not "0"\)$/);
    expect(refusal(versioned, { KEEP_VERSIONS: 'ten' })).toMatch(/^KEEP_VERSIONS must be /);
    expect(refusal([...versioned, '--kep', '3'])).toMatch(/^Unknown option '--kep'/);
    expect(refusal(['--dir', 'd', '--port', 'http'])).toBe(
      '--port must be a port number, from 1 to 65535 (not "http")',
    );
    expect(refusal(['--port', '4201'])).toBe(USAGE);
    expect(refusal(['--dir', 'd', '--port', '1', '--publish-from', 'site'])).toMatch(
      /needs --versioned/,
    );
    expect(refusal([...versioned, '--keep', '-2'])).toMatch(
      /^Option '--keep' argument is ambiguous/,
    );
    for (const message of [
      refusal([...versioned, '--kep', '3']),
      refusal([...versioned, '--keep', '-2']),
      USAGE,
    ]) {
      expect(message).not.toContain('\n');
    }
  });

  it('makes the server exit with status 2 and that line, serving nothing', () => {
    const main = path.join(__dirname, '../main.ts');
    const run = spawnSync(
      process.execPath,
      ['-r', '@swc-node/register', main, '--dir', '.', '--port', '1', '--keep', 'abc'],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect({ status: run.status, stderr: run.stderr, stdout: run.stdout }).toEqual({
      status: 2,
      stderr: '--keep must be a whole number of versions to keep, from 1 to 1000 (not "abc")\n',
      stdout: '',
    });
  });
});
