import dns from 'node:dns';
import net from 'node:net';

/**
 * Which addresses rehber may fetch photos from. Photo URLs come from spreadsheets, so a URL naming
 * 127.0.0.1, the cloud metadata address or a host on the private network would make rehber fetch
 * from places a visitor cannot reach (SSRF). Only public unicast addresses pass.
 */
// Two lists: one BlockList matches IPv4 addresses against its IPv6 rules too (::ffff:0:0/96 holds them all).
const BLOCKED_V4 = new net.BlockList();
const BLOCKED_V6 = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED_V4.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [
  ['::', 128], ['::1', 128], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23],
  ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) BLOCKED_V6.addSubnet(net6, prefix, 'ipv6');

/** Whether an IP address is public unicast (false for private, loopback, link-local, reserved, mapped). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return family === 4 ? !BLOCKED_V4.check(address, 'ipv4') : !BLOCKED_V6.check(address, 'ipv6');
}

export class BlockedAddressError extends Error {
  readonly code = 'EPHOTOBLOCKED';
  constructor(host: string) {
    super(`${host} is not a public address`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that refuses a host when any of its addresses is not public. The
 * socket connects to the address checked here, so a DNS answer that changes between a check and
 * the connection (rebinding) cannot slip through.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as dns.LookupAddress[];
      if (!allowPrivate && (list.length === 0 || list.some((a) => !isPublicAddress(a.address)))) {
        return callback(new BlockedAddressError(hostname), []);
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}
