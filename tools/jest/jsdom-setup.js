// jsdom lacks a few Web APIs the browser has and react-router uses.
const { TextDecoder, TextEncoder } = require('node:util');

Object.assign(globalThis, { TextDecoder, TextEncoder });
require('@testing-library/jest-dom');

// Build-time constants that webpack's DefinePlugin provides in the real bundles.
Object.assign(globalThis, {
  __APP_VERSION__: '0.0.0-test',
  __APP_NAME__: 'test',
  __BUILD_BANNER__: '',
});

// On two shared cores a screen can take over a second to render after a click: findBy* and
// waitFor wait up to 5 s (the library's 1 s made the component tests fail under load).
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
