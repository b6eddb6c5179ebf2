import { ROUTER_FUTURE } from '@vitrine/contracts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { DeployedVersions } from './app/DeployedVersions';
import { loadRemoteModule, remoteForPath } from './app/remotes';
import './styles.css';

/** The longest the first render waits for the page's remote. */
const REMOTE_WAIT_MS = 1500;

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <BrowserRouter future={ROUTER_FUTURE}>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// The operator's version line lives in a root of its own, outside the page's markup.
const versions = document.createElement('div');
document.body.append(versions);
createRoot(versions).render(<DeployedVersions />);

const pageRemote = loadRemoteModule(remoteForPath(window.location.pathname)).catch(() => undefined);

if (container.hasChildNodes()) {
  // The server rendered this page: it is on screen already, and comes alive once the remote's
  // code is here (React keeps the server's markup while the remote's chunks load).
  void pageRemote.then(() => hydrateRoot(container, app));
} else {
  // Rendered in the browser. The first render waits, briefly, for this page's remote, so that
  // the page appears whole. Rendered earlier, the area shows its loading screen, which React
  // keeps up for at least 300 ms (Suspense throttling): a third of a second off the home
  // page's largest paint. A remote that fails is left to the area, which says so and retries.
  const waited = new Promise((resolve) => setTimeout(resolve, REMOTE_WAIT_MS));
  void Promise.race([pageRemote, waited]).then(() => createRoot(container).render(app));
}
