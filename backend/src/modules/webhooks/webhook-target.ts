import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export class TargetRefused extends Error {}

/**
 * What the delivery log (and the owner's test) says of a refused or unreachable target: never the
 * addresses a name resolved to nor the resolver's error, which would let anyone with a board map
 * the server's internal DNS (docs/api.md, webhooks).
 */
export const ADDRESS_NOT_ALLOWED = 'Refused: address not allowed (private, loopback or link-local)';
export const UNREACHABLE = 'Could not be reached';

/**
 * Where a webhook may not reach (docs/security.md, "12. Webhooks"): private, loopback, link-local,
 * shared (CGNAT), multicast, documentation and other special-purpose ranges (IANA registries), IPv4
 * and IPv6. Node's BlockList also matches IPv4-mapped IPv6 addresses (`::ffff:127.0.0.1`) against
 * the IPv4 rules.
 */
const refused = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  refused.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-compatible (deprecated) and NAT64 forms embed an IPv4 address that may be private.
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  refused.addSubnet(net, prefix, 'ipv6');

export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
}

/** Whether an address lies in a refused range. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (!family) return true;
  return refused.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Resolves a webhook's host now and checks every address it has; the send then connects to the
 * address checked here, so a DNS answer that changes in between (rebinding) cannot redirect it.
 */
export async function resolveTarget(url: URL, allowPrivate: boolean): Promise<ResolvedTarget> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true, verbatim: true }).catch(() => {
        throw new TargetRefused(UNREACHABLE);
      });
  if (!addresses.length) throw new TargetRefused(UNREACHABLE);
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address)))
    throw new TargetRefused(ADDRESS_NOT_ALLOWED);
  const first = addresses[0];
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
