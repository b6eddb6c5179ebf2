import { ROUTER_FUTURE } from '@vitrine/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { loadRemoteModule, remoteForPath } from './app/remotes';
import './styles.css';

/** The longest the first render waits for the page's remote. */
const REMOTE_WAIT_MS = 1500;

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The first render waits, briefly, for this page's remote, so that the page appears whole.
// Rendered earlier, the area shows its loading screen, which React keeps up for at least
// 300 ms (Suspense throttling): a third of a second off the home page's largest paint.
// A remote that fails is left to the area, which says so and retries.
const pageRemote = loadRemoteModule(remoteForPath(window.location.pathname)).catch(() => undefined);
const waited = new Promise((resolve) => setTimeout(resolve, REMOTE_WAIT_MS));

void Promise.race([pageRemote, waited]).then(() =>
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter future={ROUTER_FUTURE}>
        <App />
      </BrowserRouter>
    </StrictMode>,
  ),
);
