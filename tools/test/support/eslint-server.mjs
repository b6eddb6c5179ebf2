// ESLint as its CLI runs in this process's folder, kept running so that the flat config (Nx's
// plugin, the TypeScript parser) loads once for many probes. The parent (eslint-process.ts)
// sends { id, file, source } to lint `source` as `file`, as `eslint --stdin --stdin-filename
// file` does, or { id, file } for the config of `file`, as `eslint --print-config file` does.
import { ESLint } from 'eslint';

// The CLI's own engine: cli.js builds it with `cwd: process.cwd()` and hands it the stdin
// file name, relative to that folder, as it stands; so does this.
const eslint = new ESLint({ cwd: process.cwd() });

process.on('message', async ({ id, file, source }) => {
  try {
    if (source === undefined) {
      // JSON, as --print-config prints it: the config's toJSON names its plugins and parser.
      const config = JSON.stringify(await eslint.calculateConfigForFile(file));
      process.send({ id, config });
    } else {
      const [result] = await eslint.lintText(source, { filePath: file });
      process.send({ id, messages: result.messages });
    }
  } catch (error) {
    process.send({
      id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});

// The tests are over (or their process died): nothing is left running.
process.on('disconnect', () => process.exit(0));
