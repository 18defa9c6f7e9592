import { describe, expect, it } from 'vitest';
import { isPublicAddress, RESERVED_RANGES } from './address-guard.js';

/** One address inside each reserved range, written as an attacker might. */
const INSIDE: Record<string, string> = {
  '0.0.0.0/8': '0.1.2.3',
  '10.0.0.0/8': '10.1.2.3',
  '100.64.0.0/10': '100.127.255.254',
  '127.0.0.0/8': '127.1.2.3',
  '169.254.0.0/16': '169.254.169.254',
  '172.16.0.0/12': '172.31.255.255',
  '192.0.0.0/24': '192.0.0.170',
  '192.0.2.0/24': '192.0.2.1',
  '192.31.196.0/24': '192.31.196.1',
  '192.52.193.0/24': '192.52.193.1',
  '192.88.99.0/24': '192.88.99.1',
  '192.168.0.0/16': '192.168.1.1',
  '192.175.48.0/24': '192.175.48.1',
  '198.18.0.0/15': '198.19.255.1',
  '198.51.100.0/24': '198.51.100.7',
  '203.0.113.0/24': '203.0.113.9',
  '224.0.0.0/4': '239.255.255.250',
  '240.0.0.0/4': '255.255.255.255',
  '::/128': '::',
  '::1/128': '0:0:0:0:0:0:0:1',
  '::/96': '::127.0.0.1',
  '::ffff:0:0/96': '::ffff:127.0.0.1',
  '::ffff:0:0:0/96': '::ffff:0:127.0.0.1',
  '64:ff9b::/96': '64:ff9b::10.0.0.1',
  '64:ff9b:1::/48': '64:ff9b:1::808:808',
  '100::/64': '100::1',
  '2001::/23': '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  '2001:db8::/32': '2001:db8::1',
  '2002::/16': '2002:a9fe:a9fe::1',
  '2620:4f:8000::/48': '2620:4f:8000::1',
  '3fff::/20': '3fff:fff::1',
  '5f00::/16': '5f00::1',
  'fc00::/7': 'fd12:3456::1',
  'fe80::/10': 'fe80::1%eth0',
  'fec0::/10': 'fec0::1',
  'ff00::/8': 'ff02::1',
};

describe('isPublicAddress', () => {
  it('passes public unicast addresses, and a public IPv4 address reached through NAT64, 6to4 or a mapped form', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '151.101.1.69', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '64:ff9b::8.8.8.8', '2002:808:808::1', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(a), a).toBe(true);
    }
  });

  it('has one case below for every reserved range', () => {
    expect(RESERVED_RANGES.map((r) => `${r.net}/${r.prefix}`).sort()).toEqual(Object.keys(INSIDE).sort());
  });

  it.each(Object.entries(INSIDE))('refuses %s (%s)', (_range, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it('refuses a private IPv4 address carried by NAT64, 6to4 or a mapped form, in hex too', () => {
    for (const a of ['64:ff9b::a00:1', '64:ff9b::7f00:1', '2002:7f00:1::1', '2002:c0a8:101::', '::ffff:a9fe:a9fe', '::ffff:0:7f00:1', '::7f00:1']) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });

  it('refuses what is not an address', () => {
    for (const a of ['localhost', 'not an ip', '', '127.1']) expect(isPublicAddress(a), a).toBe(false);
  });
});
