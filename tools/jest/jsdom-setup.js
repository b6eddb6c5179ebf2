// jsdom lacks a few Web APIs the browser has and react-router uses.
const { TextDecoder, TextEncoder } = require('node:util');

Object.assign(globalThis, { TextDecoder, TextEncoder });
require('@testing-library/jest-dom');
