// The commit a build is made from: GIT_COMMIT when the build is given it (the images), else
// the checkout's own, else 'unknown'. Builds name it in their version (webpack's
// __APP_VERSION__, and a published remote's version: tools/deploy.js).
const { execSync } = require('node:child_process');
const path = require('node:path');

function gitCommit() {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT;
  try {
    return execSync('git rev-parse --short HEAD', {
      cwd: path.resolve(__dirname, '..'),
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

module.exports = { gitCommit };
