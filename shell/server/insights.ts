// The shell's part of the site's insights (issue 35): every public page it answers, cached or
// rendered, is a view. The page handler only pushes the request's few fields into an array;
// every few seconds the batch is filtered (uncountedReason: crawlers, DNT, prefetches,
// administrators…) and sent to the API (`POST /api/insights/views`, SHELL_TOKEN), which hashes
// and classifies them and keeps neither the address nor the user agent.
import type { IncomingMessage } from 'node:http';
import { type RequestHeaders, uncountedReason } from '@vitrine/contracts';
import { clientAddress } from './api-proxy';

/** How often the views counted are sent. */
export const VIEWS_FLUSH_MS = 3000;
/** The most views kept while the API cannot be reached; older ones go first. */
const MAX_PENDING = 20_000;
const SEND_TIMEOUT_MS = 5000;
const BATCH_MAX = 2000;

interface PendingView {
  path: string;
  headers: RequestHeaders;
  address: string;
  at: number;
}

export interface ViewCounterOptions {
  api: string;
  /** SHELL_TOKEN: without it nothing is counted (the API would refuse the batches). */
  shellToken?: string;
  trustProxy?: number;
  flushMs?: number;
  log?: (message: string) => void;
}

export type ViewCounter = ReturnType<typeof createViewCounter>;

export function createViewCounter({
  api,
  shellToken,
  trustProxy = 0,
  flushMs = VIEWS_FLUSH_MS,
  log = (message) => console.log(message),
}: ViewCounterOptions) {
  let pending: PendingView[] = [];
  let sending: Promise<void> | null = null;
  let lastError: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let warned = false;
  if (shellToken) {
    timer = setInterval(() => void flush(), flushMs);
    timer.unref();
  }

  async function send(batch: PendingView[]): Promise<void> {
    const views = batch.flatMap(({ path, headers, address, at }) => {
      if (uncountedReason(path, headers)) return [];
      const referrer = headers['referer'];
      return [
        {
          path,
          ...(typeof referrer === 'string' && referrer ? { referrer } : {}),
          address,
          userAgent: String(headers['user-agent']),
          at: new Date(at).toISOString(),
        },
      ];
    });
    const response = await fetch(`${api}/api/insights/views`, {
      method: 'POST',
      headers: { Authorization: `Shell ${shellToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ views }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    // A batch the API refused as such (400, 401) would be refused again: it is dropped.
    if (response.status >= 500) throw new Error(`the API answered ${response.status}`);
    if (!response.ok) log(`[insights] the API refused ${views.length} views (${response.status})`);
  }

  /** Sends what was counted; a batch that could not be sent waits for the next time. */
  function flush(): Promise<void> {
    if (sending) return sending;
    if (!pending.length) return Promise.resolve();
    // One request takes BATCH_MAX at most (the API's limit is 5,000); the rest follow it.
    const batch = pending.splice(0, BATCH_MAX);
    let more = false;
    sending = send(batch)
      .then(() => {
        lastError = undefined;
        more = pending.length >= BATCH_MAX;
      })
      .catch((error: unknown) => {
        const text = error instanceof Error ? error.message : String(error);
        if (text !== lastError) log(`[insights] views not sent yet: ${text}`);
        lastError = text;
        pending = [...batch, ...pending].slice(-MAX_PENDING);
      })
      .finally(() => {
        sending = null;
      })
      .then(() => (more ? flush() : undefined));
    return sending;
  }

  return {
    /** A public page answered 200 to a GET: the hot path, a push. */
    count(req: IncomingMessage & { path: string }): void {
      if (!shellToken) {
        // Said once, at the first page that would have been counted.
        if (!warned) log('[insights] SHELL_TOKEN is not set: the pages served are not counted');
        warned = true;
        return;
      }
      pending.push({
        path: req.path,
        headers: req.headers,
        address: clientAddress(req, trustProxy),
        at: Date.now(),
      });
      if (pending.length > MAX_PENDING) pending.shift();
    },
    flush,
    /** Stops the timer and sends what is left. */
    async stop(): Promise<void> {
      clearInterval(timer);
      await sending;
      await flush();
    },
  };
}
