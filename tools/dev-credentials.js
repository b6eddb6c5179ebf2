// Development credentials that stay the same from one start to the next, kept in DATA_DIR,
// so `npm start` and `npm run serve:prod` can always say how to sign in. Production sets
// ADMIN_PASSWORD and JWT_SECRET instead.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

function kept(dataDir, name, make) {
  const file = path.join(dataDir, name);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${make()}\n`, { mode: 0o600 });
  }
  return { value: fs.readFileSync(file, 'utf8').trim(), file };
}

function devAdminCredentials(dataDir, env = process.env) {
  const username = env.ADMIN_USERNAME || 'admin';
  if (env.ADMIN_PASSWORD) return { username, password: env.ADMIN_PASSWORD };
  const { value, file } = kept(dataDir, 'dev-admin-password.txt', () =>
    crypto.randomBytes(12).toString('base64url'),
  );
  return { username, password: value, file };
}

function devJwtSecret(dataDir, env = process.env) {
  return (
    env.JWT_SECRET ||
    kept(dataDir, '.jwt-secret', () => crypto.randomBytes(48).toString('base64url')).value
  );
}

module.exports = { devAdminCredentials, devJwtSecret };
