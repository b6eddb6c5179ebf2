// The yardstick: express.static serving the same JSON files from disk, in its own process.
const express = require('express');
const { parseArgs } = require('node:util');

// `static-server.js <dir> <port>`, forked by bench:api and bench:ssr.
const [dir, port] = parseArgs({ allowPositionals: true }).positionals;
const app = express();
app.use(express.static(dir, { extensions: ['json', 'html'] }));
const server = app.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
// The bench's channel closes when the bench is gone, however it ended (timeout, SIGKILL).
process.on('disconnect', () => process.exit(0));
