#!/usr/bin/env node
// `npm run seed`: adds the demo content that is missing (idempotent), with the same
// environment as `npm run start:api`. Stop the API first when it uses the embedded
// database: one process owns its files at a time.
const { runBackendScript } = require('./run-backend-script');

runBackendScript('backend/src/seed.ts', []);
