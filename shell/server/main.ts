// The shell's server (`npm run serve:prod` and the shell's image run its build,
// dist/shell-server/main.js; `npm start` runs this file from source):
//
//   main.js [--dir dist/shell] [--port 4200] [--host 127.0.0.1] [--api http://127.0.0.1:3000]
//           [--dev-assets http://localhost:4203]   (npm start: the shell's dev server)
//
// Env: SITE_URL (the site's public address, for canonical URLs and link previews; required in
// production, as the request's Host is never written into a page), PUBLIC_MFE_URL,
// ADMIN_MFE_URL (where the remotes are; written into /config.json, and the public one's server
// build renders the pages), API_URL (where /api and /uploads are forwarded, and where pages
// are rendered from), PUBLIC_API_URL (the API's address for browsers, when not this server),
// PUBLIC_MFE_INTERNAL_URL and ADMIN_MFE_INTERNAL_URL (where this server reaches each remote
// when not at its browsers' address, e.g. inside a container network), TRUST_PROXY (how many
// proxies stand in front of this server, default 0), SHELL_UPLOADS_CACHE_MB (memory for the
// API's immutable /uploads files, default 32; 0 forwards every request), SHELL_RENDER_CACHE_MB
// (memory for rendered pages, default 64), DEPLOY_ENV (versioned deploys: the environment whose
// pointers, kept by the API, name the version of each remote to serve, under its address; see
// deployments.ts), PUBLIC_MFE_VERSION and ADMIN_MFE_VERSION (a version pinned), SHELL_TOKEN
// (the secret the API takes this shell's reports of what it serves and refuses with),
// NODE_ENV. SHELL_TOKEN also lets this shell send the API the page views it counts (insights.ts;
// unset, none are counted). Every one is read and checked at start in config.ts, and nowhere else.
import { createShellServer } from './app';
import { ConfigError, readConfig } from './config';
import { siteConfig } from './site-config';

function start() {
  let settings;
  try {
    settings = readConfig(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`The shell's server cannot start: ${error.message}`);
    process.exit(1);
  }
  const config = siteConfig(settings.dir, settings);
  const shell = createShellServer({
    ...settings,
    config: () => config,
    deployment: settings.environment
      ? {
          environment: settings.environment,
          pinned: settings.pinned,
          shellToken: settings.shellToken,
          // Each remote's versions sit under its address (PUBLIC_MFE_URL, ADMIN_MFE_URL).
          remotes: {
            public_mfe: {
              base: (config.remotes?.public_mfe ?? '').replace(/[^/]*$/, ''),
              internal: settings.publicMfeInternalUrl,
            },
            admin_mfe: {
              base: (config.remotes?.admin_mfe ?? '').replace(/[^/]*$/, ''),
              internal: settings.adminMfeInternalUrl,
            },
          },
        }
      : undefined,
  });
  const server = shell.app.listen(settings.port, settings.host, () => {
    console.log(
      `shell on http://localhost:${settings.port} (pages rendered with the public remote's server build)`,
    );
  });
  void shell.start();

  const stop = () => {
    // The views counted since the last batch are sent before the process ends.
    const stopping = shell.stop();
    server.close(() => void stopping.finally(() => process.exit(0)));
    server.closeAllConnections();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

start();
