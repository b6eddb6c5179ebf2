// Exposed by every remote as `./Version`: what is deployed (package version + git commit at
// build), read by the shell on demand so an operator can see it.
/* global __APP_NAME__, __APP_VERSION__ */
module.exports = { name: __APP_NAME__, version: __APP_VERSION__ };
