import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address sign-in attempts are counted under (docs/security-accounts.md). One client must not
 * get a fresh allowance by writing its address another way: an IPv4 address mapped into IPv6 is
 * the IPv4 address, and an IPv6 address counts as its /64, the block one subscriber is given
 * (picking a new address inside it costs nothing). Anything else (a proxy chain longer than
 * TRUST_PROXY says, passing a client-written entry) is cut short so it cannot make a huge key.
 */
export function throttleAddress(ip: string): string {
  const address = ip.trim().replace(/^\[(.*)\](:\d+)?$/, '$1').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return `${prefix64(address.toLowerCase())}::/64`;
  return address.replace(/:\d+$/, '').slice(0, 64);
}

/** The first four groups of an IPv6 address, written without leading zeros. */
function prefix64(address: string): string {
  const [head, tail = ''] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  // A dotted IPv4 tail takes the room of two groups.
  const width = (gs: string[]) => gs.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const full = address.includes('::')
    ? [...groups(head), ...Array<string>(8 - width(groups(head)) - width(groups(tail))).fill('0'), ...groups(tail)]
    : groups(head);
  return full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':');
}
