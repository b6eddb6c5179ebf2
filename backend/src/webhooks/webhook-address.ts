import ipaddr from 'ipaddr.js';
import dns from 'node:dns/promises';
import net from 'node:net';

/** Where a delivery may go: the URL and the one address checked for it. */
export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Why a webhook URL is refused, as the `url` field's message. */
export class RefusedWebhookUrl extends Error {}

/** Where webhooks may go: WebhooksConfig's `production` and `allowLoopback`. */
export interface WebhookPolicy {
  production: boolean;
  allowLoopback: boolean;
}

/**
 * Whether an address is one a webhook may reach: public unicast only (ipaddr.js names
 * every other range: private, loopback, link-local, unique-local, multicast, unspecified,
 * carrier-grade NAT, reserved, 6to4 and Teredo, which can carry a private IPv4 inside),
 * and loopback where allowed (outside production, or WEBHOOK_ALLOW_LOOPBACK), so a receiver
 * on the same machine can be used. IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the
 * IPv4 it is.
 */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

const isLoopback = (address: string) =>
  ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';

/**
 * Checks a webhook URL and resolves its host once: https only in production (http also
 * outside it, and to loopback where loopback is allowed), no credentials in it, and every
 * address the name resolves to must be allowed, so DNS round-robin cannot slip a private
 * one in. The caller connects to the first address, not the name again, so the answer
 * cannot change between the check and the connection.
 */
export async function checkWebhookTarget(
  raw: string,
  { production, allowLoopback }: WebhookPolicy,
): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedWebhookUrl('url must be an absolute http:// or https:// URL');
  }
  const httpOnlyToLoopback = production && allowLoopback;
  if (
    !['https:', 'http:'].includes(url.protocol) ||
    (url.protocol === 'http:' && production && !allowLoopback)
  ) {
    throw new RefusedWebhookUrl(
      production ? 'url must be an https:// URL' : 'url must be an http:// or https:// URL',
    );
  }
  if (url.username || url.password) {
    throw new RefusedWebhookUrl('url must not carry a user name or password');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) {
    addresses = [{ address: host, family: net.isIP(host) }];
  } else {
    try {
      addresses = await dns.lookup(host, { all: true, verbatim: true });
    } catch {
      throw new RefusedWebhookUrl(`url's host ${host} does not resolve`);
    }
  }
  const refused = addresses.find(({ address }) => !isAllowedAddress(address, allowLoopback));
  if (refused || addresses.length === 0) {
    throw new RefusedWebhookUrl(
      `url's host resolves to ${refused?.address ?? 'nothing'}, an address webhooks may not reach`,
    );
  }
  if (
    url.protocol === 'http:' &&
    httpOnlyToLoopback &&
    !addresses.every(({ address }) => isLoopback(address))
  ) {
    throw new RefusedWebhookUrl('url must be an https:// URL');
  }
  const [{ address, family }] = addresses;
  return { url, address, family: family === 6 ? 6 : 4 };
}
