import net from 'node:net';

/** What Express's `trust proxy` is set to: off, a number of hops, or proxies' addresses. */
export type TrustProxy = false | number | string[];

const KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);
const OFF = new Set(['', 'false', 'no', 'off', '0']);
const BLANKET = new Set(['true', 'yes', 'on', '*', 'all']);

function isAddressOrRange(item: string): boolean {
  if (KEYWORDS.has(item)) return true;
  const [address, prefix, extra] = item.split('/');
  const version = net.isIP(address);
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: how many proxies stand in front of the API (`1`), or their addresses
 * and ranges (`10.0.0.5, 172.16.0.0/12`, or Express's `loopback`, `linklocal`,
 * `uniquelocal`). Never "true": that would take any client's X-Forwarded-For at its word,
 * and a client could pick its own address to get round every per-address limit.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | Error {
  const given = (value ?? '').trim().toLowerCase();
  if (OFF.has(given)) return false;
  if (BLANKET.has(given)) {
    return new Error(
      `TRUST_PROXY=${value} would believe the X-Forwarded-For of any client; give the number of proxies in front of the API (such as 1) or their addresses`,
    );
  }
  if (/^\d+$/.test(given)) return Number(given);
  const items = given.split(',').map((item) => item.trim());
  const wrong = items.filter((item) => !isAddressOrRange(item));
  if (wrong.length) {
    return new Error(
      `TRUST_PROXY must be a number of proxies or a list of addresses and ranges; "${wrong.join('", "')}" is neither`,
    );
  }
  return items;
}
