#!/usr/bin/env node
// `npm run media:migrate`: copies $DATA_DIR/uploads into GridFS (`-- --to disk`: back),
// with the same environment as `npm run start:api`. Safe to run again. With the embedded
// database, stop the API first: one process owns its files at a time.
const { runBackendScript } = require('./run-backend-script');

runBackendScript('backend/src/media-migrate.ts', process.argv.slice(2));
