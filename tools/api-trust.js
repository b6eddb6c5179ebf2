// One trust rule for every way the site runs: the API believes X-Forwarded-For only from the
// hops in front of it, so that each visitor is counted as themselves (sign-in throttling, rate
// limits) and no client can name another's address.
// - npm start, serve:prod and the browser tests: the shell's server on the same machine is the
//   one hop, and reaches the API over loopback. A client that skips it comes from another
//   address, and is believed about nothing.
// - docker-compose.yml: the shell's server and the reverse proxy, `2` (the API publishes no
//   port there).
// - The API alone (its image, `npm run start:api`): no proxy, nothing believed.
const API_BEHIND_LOCAL_SHELL = { TRUST_PROXY: 'loopback' };

module.exports = { API_BEHIND_LOCAL_SHELL };
