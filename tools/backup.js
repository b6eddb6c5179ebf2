#!/usr/bin/env node
// `npm run backup -- [--out FILE]` and `npm run restore -- FILE [--force]`, with the same
// environment as `npm run start:api` (DATA_DIR=./data unless set). A backup works whether
// the API is running or not; a restore into the embedded database needs it stopped.
const { runBackendScript } = require('./run-backend-script');

runBackendScript('backend/src/backup.ts', process.argv.slice(2));
