import { BlockList, isIP } from 'node:net';
import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';

// Loopback, private, link-local (cloud metadata lives at 169.254.169.254), shared, benchmarking, multicast and reserved
// ranges: nothing a receiver on the internet needs, and what a forged receiver would use to reach inside.
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True when an IP address (v4, v6, or v4 mapped into v6) is loopback, private, link-local or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // BlockList matches v4-mapped v6 addresses (::ffff:127.0.0.1) against the v4 ranges.
  return blocked.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** A URL's host as an IP address when it is written as one (brackets of v6 removed), else null. */
export function literalAddress(hostname: string): string | null {
  const host = hostname.replace(/^\[|\]$/g, '');
  return isIP(host) === 0 ? null : host;
}

/** Thrown when a host resolves to an address that is not allowed. */
export class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`${host} resolves to a loopback or private address`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that refuses hosts resolving to private addresses. Checked where the connection is
 * made, so a name that resolves to a public address when added and to 127.0.0.1 later (DNS rebinding) is refused too.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address)))
      return callback(new PrivateAddressError(hostname), []);
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}
