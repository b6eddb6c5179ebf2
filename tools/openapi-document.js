// The API's OpenAPI document as the API would serve it, written to a file without starting
// the API or a database (backend/src/openapi.ts); with `changelog`, the contract's changelog
// as Markdown too. For `npm run api:generate`, `api:check`, `api:contract` and `api:release`.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

/** Writes the document (and the changelog) into a new temporary folder; returns their paths. */
function writeOpenApiDocument() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-openapi-'));
  const document = path.join(folder, 'openapi.json');
  const changelog = path.join(folder, 'CHANGELOG.md');
  execFileSync(
    process.execPath,
    ['-r', '@swc-node/register', 'backend/src/openapi.ts', document, '--changelog', changelog],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, SWC_NODE_PROJECT: path.join(root, 'backend/tsconfig.app.json') },
    },
  );
  return { document, changelog };
}

module.exports = { writeOpenApiDocument };
