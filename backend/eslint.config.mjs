import importPlugin from 'eslint-plugin-import';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import baseConfig from '../eslint.config.mjs';
import { layerZones } from '../tools/eslint/layers.mjs';

// The API's layers, bottom first (backend/README.md draws them): each folder of src/ may
// import only those before it here. A new folder takes a place in this list, above what it
// imports (tools/test/module-boundaries.spec.ts fails while one has none). `basePath` anchors
// the zones to this folder, wherever ESLint is started.
const LAYERS = [
  // What every layer may use: the validated environment, then filters, validation rules, HTTP
  // helpers, logging, the clock, rate limits (common/ imports nothing but config).
  'config',
  'common',
  // The connection to MongoDB or the embedded server.
  'database',
  // Idempotency-Key: the answers of writes, kept for their retries.
  'idempotency',
  // Platform services, which know no entity: entities register with them.
  'jobs',
  // Webhooks: the domain events every layer above reports, and their signed deliveries.
  'webhooks',
  'cache',
  'audit',
  'media',
  'trash',
  'revisions',
  // The content base: the list, item, order and publish logic the content entities share.
  'content',
  // The entities, each one module.
  'users',
  'auth',
  // API tokens: the access guard checks them through the ApiTokenVerifier port in common/.
  'tokens',
  'products',
  'services',
  'reviews',
  'gallery',
  'settings',
  'enquiries',
  'previews',
  'seo',
  'health',
  // The remotes' deployments: their versions and each environment's pointer to one.
  'deployments',
  // The visit insights: counted from the public site's beacons and the shells' reports
  // (deployments' shell guard), exported as CSV as the enquiries are.
  'insights',
  // The application: seeding, start-up, backups, then app.module.ts, main.ts and the commands.
  'seed',
  'startup',
  'backup',
  '*.ts',
];

const here = path.dirname(fileURLToPath(import.meta.url));

export default [
  ...baseConfig,
  {
    files: ['src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.js'] } } },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          basePath: here,
          zones: layerZones({
            root: 'src',
            layers: LAYERS,
            advice:
              'Move what both need down, or let the module above register with the one ' +
              'below: see backend/README.md.',
          }),
        },
      ],
    },
  },
];
