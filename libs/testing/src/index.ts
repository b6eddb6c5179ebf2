export {
  WORKSPACE_ROOT,
  launchApi,
  signIn,
  startApi,
  type ApiProcess,
  type ApiProcessOptions,
  type Credentials,
} from './lib/api-process';
export { startDatabase, type DatabaseProcess } from './lib/database-process';
export { freePort } from './lib/ports';
export { EXIT_WITH_PARENT, tiedSpawn } from './lib/tied-spawn';
export { waitUntil, waitUntilAnswers } from './lib/wait';
export { CHROMIUM, launchBrowser, launchBrowserServer } from './lib/browser';
export { scriptsServed, type ScriptServed } from './lib/page-weight';
