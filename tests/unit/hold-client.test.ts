import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdClient, networkOf } from '@/lib/checkout/server/hold-client';

/** The client of a hold: its network (IPv4 /24, IPv6 /48), and both kept only as hashes. */

describe('networkOf', () => {
  it('is the /24 of an IPv4 address and the /48 of an IPv6 one, however it is written', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:aa::1')).toBe('2001:db8:aa::/48');
    expect(networkOf('2001:0db8:00aa:ffff:1:2:3:4')).toBe('2001:db8:aa::/48');
    expect(networkOf('2001:db8::')).toBe('2001:db8:0::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
    expect(networkOf('64:ff9b::192.0.2.33')).toBe('64:ff9b:0::/48');
    expect(networkOf('unknown')).toBe('unknown');
  });

  it('puts every address of one /48 in one network, and no other', () => {
    const group = fc.integer({ min: 0, max: 0xffff }).map((value) => value.toString(16));
    fc.assert(
      fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), fc.array(group, { minLength: 5, maxLength: 5 }), (address, otherTail) => {
        const sibling = [...address.slice(0, 3), ...otherTail].join(':');
        expect(networkOf(address.join(':'))).toBe(networkOf(sibling));
        const outside = [...address.slice(0, 2), ((Number.parseInt(address[2]!, 16) + 1) % 0x10000).toString(16), ...otherTail].join(':');
        expect(networkOf(outside)).not.toBe(networkOf(address.join(':')));
      }),
    );
  });

  it('gives the same network to the same address written with :: or in full', () => {
    fc.assert(
      fc.property(fc.ipV6(), (address) => {
        const full = new URL(`http://[${address}]/`).hostname.slice(1, -1);
        expect(networkOf(address.toLowerCase())).toBe(networkOf(full));
      }),
    );
  });
});

describe('holdClient', () => {
  it('keeps the address and its network only as SHA-256 hashes', () => {
    const client = holdClient('198.51.100.23');
    expect(client.addressHash).toMatch(/^[0-9a-f]{64}$/);
    expect(client.networkHash).toMatch(/^[0-9a-f]{64}$/);
    expect(holdClient('198.51.100.200').networkHash).toBe(client.networkHash);
    expect(holdClient('198.51.100.200').addressHash).not.toBe(client.addressHash);
    expect(holdClient('198.51.101.23').networkHash).not.toBe(client.networkHash);
  });
});
