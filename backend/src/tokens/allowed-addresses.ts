import net from 'node:net';

/** An IPv4 address written IPv4-mapped (`::ffff:203.0.113.9`), as Node gives it on a dual stack. */
const MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

const plain = (address: string) => MAPPED.exec(address)?.[1] ?? address;

/** Why `entry` is not an IP address or a CIDR range, or undefined if it is one. */
export function addressProblem(entry: unknown): string | undefined {
  if (typeof entry !== 'string') return 'each allowed address must be text';
  const [address, bits, ...rest] = entry.trim().split('/');
  const family = net.isIP(plain(address));
  if (!family || rest.length > 0) return `"${entry}" is not an IP address or a CIDR range`;
  if (bits === undefined) return undefined;
  const max = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) {
    return `"${entry}" has a prefix length that is not 0 to ${max}`;
  }
  return undefined;
}

/**
 * Whether `address` (request.ip: the client as far as TRUST_PROXY vouches for it) is one of
 * `allowed`, or in one of its ranges; an empty list allows every address.
 */
export function isAllowedAddress(allowed: string[], address: string | undefined): boolean {
  if (allowed.length === 0) return true;
  if (!address) return false;
  const client = plain(address);
  const family = net.isIP(client) === 6 ? 'ipv6' : 'ipv4';
  const list = new net.BlockList();
  for (const entry of allowed) {
    const [given, bits] = entry.split('/');
    const at = plain(given);
    const type = net.isIP(at) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(at, type);
    else list.addSubnet(at, Number(bits), type);
  }
  return list.check(client, family);
}
