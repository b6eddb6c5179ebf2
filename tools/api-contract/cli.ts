/**
 * `npm run api:contract`: the API's current OpenAPI document against the released one
 * (backend/openapi/released.json); fails on a breaking change without a new major version,
 * and on a change without a new version. `npm run api:release`: the same checks, then the
 * current document becomes the released one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { OpenApiDocument } from './compare';
import { checkContract, checkRelease } from './contract';

const { writeOpenApiDocument } = require('../openapi-document') as {
  writeOpenApiDocument(): { document: string; changelog: string };
};

const root = path.resolve(__dirname, '../..');

function readJson(file: string): OpenApiDocument {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as OpenApiDocument;
}

async function main() {
  const { values } = parseArgs({
    options: {
      release: { type: 'boolean', default: false },
      // Another released document, for the tests.
      released: { type: 'string', default: path.join(root, 'backend/openapi/released.json') },
    },
  });
  const releasedFile = path.resolve(values.released);
  const current = readJson(writeOpenApiDocument().document);
  const released = fs.existsSync(releasedFile) ? readJson(releasedFile) : undefined;
  if (!values.release && !released) {
    console.error(
      `${path.relative(root, releasedFile)} is missing: run \`npm run api:release\` to release the current contract.`,
    );
    process.exit(1);
  }
  const verdict = values.release
    ? checkRelease(released, current)
    : checkContract(released as OpenApiDocument, current);
  (verdict.ok ? console.log : console.error)(verdict.lines.join('\n'));
  if (!verdict.ok) process.exit(1);
  if (!values.release) return;
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(releasedFile)) ?? {};
  const text = await prettier.format(JSON.stringify(current), {
    ...options,
    filepath: releasedFile,
  });
  fs.mkdirSync(path.dirname(releasedFile), { recursive: true });
  fs.writeFileSync(releasedFile, text);
  console.log(`wrote ${path.relative(root, releasedFile)}: commit it with the version's changes.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
