import type { LookupFunction } from 'node:net';
import http from 'node:http';
import https from 'node:https';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_USER_AGENT,
} from '@vitrine/contracts';
import type { CheckedTarget } from './webhook-address';
import { signWebhook } from './webhook-signature';

/**
 * A receiver has this long to answer, headers and body, before the attempt counts as failed
 * (WEBHOOK_TIMEOUT_MS).
 */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface SendResult {
  /** The receiver's status code, if it answered. */
  status: number | null;
  /** Why it failed; undefined for a 2xx. */
  error?: string;
}

/** What one delivery attempt sends. */
export interface Outgoing {
  deliveryId: string;
  event: string;
  body: string;
  secret: string;
}

/**
 * Sends one signed delivery to a checked target. The connection goes to the address that
 * was checked (a lookup that answers only it), so a name that resolves elsewhere by the
 * time of the connection cannot redirect it; TLS still checks the certificate against the
 * name. Redirects are not followed (a 3xx is a failure), and the receiver's body is read
 * only to let the connection go, never stored.
 */
export function sendWebhook(
  target: CheckedTarget,
  outgoing: Outgoing,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<SendResult> {
  const timestamp = Math.floor(Date.now() / 1000);
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    } else {
      callback(null, target.address, target.family);
    }
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(
      target.url,
      {
        method: 'POST',
        lookup,
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(outgoing.body),
          'User-Agent': WEBHOOK_USER_AGENT,
          [WEBHOOK_EVENT_HEADER]: outgoing.event,
          [WEBHOOK_DELIVERY_HEADER]: outgoing.deliveryId,
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(outgoing.secret, outgoing.body, timestamp),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        response.resume();
        response.on('end', () =>
          finish(
            status >= 200 && status < 300
              ? { status }
              : { status, error: `The receiver answered ${status}` },
          ),
        );
        response.on('error', (error) => finish({ status, error: describe(error) }));
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, error: `No answer within ${timeoutMs / 1000} s` });
      request.destroy();
    }, timeoutMs);
    request.on('error', (error) => finish({ status: null, error: describe(error) }));
    request.end(outgoing.body);
  });
}

/** A network error as one short line: its code and message, nothing of the request. */
function describe(error: Error): string {
  const code = (error as { code?: unknown }).code;
  const text =
    typeof code === 'string' && !error.message.includes(code)
      ? `${code}: ${error.message}`
      : error.message;
  return text.replace(/\s+/g, ' ').slice(0, 300);
}
