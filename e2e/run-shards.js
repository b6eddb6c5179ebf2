#!/usr/bin/env node
// `nx run e2e:e2e`: the browser tests as E2E_SHARDS (default 2) jest runs side by side, each
// on its share of the files (support/shard-sequencer.js) and with its own stack: its own API
// and database, builds served, shell and Chromium, so that no run sees another's data or
// settings. A browser test spends most of its time waiting (for pages, the API, timers), so
// two runs on CI's two cores end in little more than half the time of one. Each run's output
// is printed when it ends; the exit code is non-zero if any run failed.
const { spawn } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);
const jest = path.join(root, 'node_modules/jest/bin/jest.js');

function run(index) {
  const args = [jest, '-c', 'e2e/jest.config.js', '--runInBand'];
  if (shards > 1) args.push(`--shard=${index}/${shards}`);
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({ index, code: 1, output: [Buffer.from(`${error}\n`)] }));
    child.on('close', (code) => resolve({ index, code: code ?? 1, output }));
  });
}

async function main() {
  const started = Date.now();
  const runs = Array.from({ length: shards }, (_, i) => i + 1).map((index) =>
    run(index).then((result) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`\n--- browser tests, run ${index} of ${shards} (${seconds} s):`);
      process.stdout.write(Buffer.concat(result.output));
      return result;
    }),
  );
  const results = await Promise.all(runs);
  const failed = results.filter((result) => result.code !== 0).map((result) => result.index);
  if (failed.length) console.log(`\nBrowser test runs that failed: ${failed.join(', ')}`);
  process.exit(failed.length ? 1 : 0);
}

main();
