/** @jest-environment node */
import { execFile } from 'node:child_process';
import path from 'node:path';

/**
 * Each case runs in a Node process of its own: jest keeps unhandled rejections and uncaught
 * errors to itself, and these are about what the process does with them.
 */
function inProcess(script: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const modules = {
    WATCH: path.join(__dirname, 'watch-errors.ts'),
    CHECKS: path.join(__dirname, 'remote-checks.ts'),
  };
  const code = Object.entries(modules).reduce(
    (text, [name, file]) => text.replaceAll(name, JSON.stringify(file)),
    script,
  );
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', '@swc-node/register', '-e', code],
      { cwd: path.join(__dirname, '../..'), timeout: 20_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('errors told apart by the async context they are raised in', () => {
  it("counts what the watched work logs, not live traffic's errors meanwhile, and prints both", async () => {
    const { code, stdout, stderr } = await inProcess(`
      const { watchErrors } = require(WATCH);
      const original = console.error;
      const live = setInterval(() => console.error('live traffic: a render failed'), 5);
      const watch = watchErrors();
      watch.run(() => setTimeout(() => console.error('the candidate: %s', 'it broke'), 12));
      setTimeout(() => {
        watch.close();
        clearInterval(live);
        console.log(JSON.stringify({ errors: watch.errors, restored: console.error === original }));
      }, 40);
    `);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      errors: ['logged an error: the candidate: it broke'],
      restored: true,
    });
    expect(stderr).toContain('live traffic: a render failed');
    expect(stderr).toContain('the candidate: it broke');
  });

  it('counts rejections it leaves unhandled and errors it throws uncaught, and the process lives on', async () => {
    const { code, stdout } = await inProcess(`
      const { afterRejectionsReported, watchErrors } = require(WATCH);
      const watch = watchErrors();
      watch.run(() => {
        Promise.reject(new Error('no shared scope'));
        setTimeout(() => { throw new Error('window is not defined'); }, 5);
      });
      setTimeout(async () => {
        await afterRejectionsReported();
        watch.close();
        console.log(JSON.stringify(watch.errors));
      }, 30);
    `);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      'left a promise rejection unhandled: no shared scope',
      'threw an uncaught error: window is not defined',
    ]);
  });

  it.each([
    ['a rejection', "Promise.reject(new Error('a bug elsewhere'))"],
    ['an error', "setTimeout(() => { throw new Error('a bug elsewhere'); }, 5)"],
  ])('lets %s of no watch end the process, as it would without one', async (_, bug) => {
    const { code, stdout, stderr } = await inProcess(`
      const { watchErrors } = require(WATCH);
      const watch = watchErrors();
      watch.run(() => undefined);
      ${bug};
      setTimeout(() => console.log('still running'), 50);
    `);
    expect(code).toBe(1);
    expect(stderr).toContain('a bug elsewhere');
    expect(stdout).toBe('');
  });

  it('refuses a remoteEntry.js that leaves a rejection unhandled as it loads', async () => {
    const { code, stdout } = await inProcess(`
      const { checkBrowserEntry } = require(CHECKS);
      const entry = "var admin_mfe = { get() {}, init() {} }; Promise.reject(new Error('no shared scope'));";
      checkBrowserEntry('admin_mfe', 'https://admin.example/a1/remoteEntry.js', entry, {}).then(
        () => console.log('passed'),
        (error) => console.log(error.message),
      );
    `);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(
      'its remoteEntry.js left a promise rejection unhandled: no shared scope',
    );
  });
});
