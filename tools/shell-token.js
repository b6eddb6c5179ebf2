// One SHELL_TOKEN for the API and the shell's server that a tool starts together (npm start,
// serve:prod): the shell sends the API the page views it counts with it (and, with DEPLOY_ENV,
// its deploy reports). The one set in the environment wins; otherwise a new one per start,
// which nothing else needs to know.
const crypto = require('node:crypto');

function sharedShellToken(env = process.env) {
  return env.SHELL_TOKEN || crypto.randomBytes(24).toString('base64url');
}

module.exports = { sharedShellToken };
