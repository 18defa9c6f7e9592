import dns from 'node:dns';
import net from 'node:net';

/**
 * Which addresses rehber may fetch photos from. Photo URLs come from spreadsheets, so a URL naming
 * 127.0.0.1, the cloud metadata address or a host on the private network would make rehber fetch
 * from places a visitor cannot reach (SSRF). Only public unicast addresses pass.
 *
 * One table: every range of the IANA IPv4 and IPv6 special-purpose registries (and multicast,
 * 240/4, the deprecated site-local fec0::/10), whether or not the registry calls it globally
 * reachable: a photo has no business on any of them. Ranges that carry an IPv4 address inside an
 * IPv6 one are `embedded`: the IPv4 address inside is judged instead, so a NAT64 or 6to4 path to a
 * public host still works while one to 127.0.0.1 or 10.0.0.0/8 does not.
 */
export const RESERVED_RANGES: ReadonlyArray<{ net: string; prefix: number; name: string; embedded?: (groups: number[]) => number[] }> = [
  { net: '0.0.0.0', prefix: 8, name: '"this network"' },
  { net: '10.0.0.0', prefix: 8, name: 'private' },
  { net: '100.64.0.0', prefix: 10, name: 'shared address space (CGNAT)' },
  { net: '127.0.0.0', prefix: 8, name: 'loopback' },
  { net: '169.254.0.0', prefix: 16, name: 'link-local (cloud metadata)' },
  { net: '172.16.0.0', prefix: 12, name: 'private' },
  { net: '192.0.0.0', prefix: 24, name: 'IETF protocol assignments' },
  { net: '192.0.2.0', prefix: 24, name: 'documentation (TEST-NET-1)' },
  { net: '192.31.196.0', prefix: 24, name: 'AS112' },
  { net: '192.52.193.0', prefix: 24, name: 'AMT' },
  { net: '192.88.99.0', prefix: 24, name: '6to4 relay anycast' },
  { net: '192.168.0.0', prefix: 16, name: 'private' },
  { net: '192.175.48.0', prefix: 24, name: 'AS112 direct delegation' },
  { net: '198.18.0.0', prefix: 15, name: 'benchmarking' },
  { net: '198.51.100.0', prefix: 24, name: 'documentation (TEST-NET-2)' },
  { net: '203.0.113.0', prefix: 24, name: 'documentation (TEST-NET-3)' },
  { net: '224.0.0.0', prefix: 4, name: 'multicast' },
  { net: '240.0.0.0', prefix: 4, name: 'reserved, broadcast included' },
  { net: '::', prefix: 128, name: 'unspecified' },
  { net: '::1', prefix: 128, name: 'loopback' },
  { net: '::', prefix: 96, name: 'IPv4-compatible (deprecated)' },
  { net: '::ffff:0:0', prefix: 96, name: 'IPv4-mapped', embedded: (g) => g.slice(6) },
  { net: '::ffff:0:0:0', prefix: 96, name: 'IPv4-translated' },
  { net: '64:ff9b::', prefix: 96, name: 'NAT64 well-known prefix', embedded: (g) => g.slice(6) },
  { net: '64:ff9b:1::', prefix: 48, name: 'NAT64 local use' },
  { net: '100::', prefix: 64, name: 'discard-only' },
  { net: '2001::', prefix: 23, name: 'IETF protocol assignments (Teredo, benchmarking, ORCHID)' },
  { net: '2001:db8::', prefix: 32, name: 'documentation' },
  { net: '2002::', prefix: 16, name: '6to4', embedded: (g) => g.slice(1, 3) },
  { net: '2620:4f:8000::', prefix: 48, name: 'AS112' },
  { net: '3fff::', prefix: 20, name: 'documentation' },
  { net: '5f00::', prefix: 16, name: 'segment routing SIDs' },
  { net: 'fc00::', prefix: 7, name: 'unique local (private)' },
  { net: 'fe80::', prefix: 10, name: 'link-local' },
  { net: 'fec0::', prefix: 10, name: 'site-local (deprecated)' },
  { net: 'ff00::', prefix: 8, name: 'multicast' },
];

// One BlockList per range: a list matches IPv4 addresses against its IPv6 rules too (and the reverse), so families stay apart.
const RULES = RESERVED_RANGES.map((range) => {
  const family = net.isIPv4(range.net) ? 'ipv4' : 'ipv6';
  const list = new net.BlockList();
  list.addSubnet(range.net, range.prefix, family);
  return { ...range, family, list };
});

/** Whether an IP address is public unicast (false for private, loopback, link-local, reserved, and a reserved IPv4 address inside IPv6). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address) === 4 ? 'ipv4' : net.isIP(address) === 6 ? 'ipv6' : null;
  if (!family) return false;
  const rule = RULES.find((r) => r.family === family && r.list.check(address, family));
  if (!rule) return true;
  if (!rule.embedded) return false;
  const [hi, lo] = rule.embedded(ipv6Groups(address));
  return isPublicAddress(`${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`);
}

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail included). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === null ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((g) => parseInt(g, 16));
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
