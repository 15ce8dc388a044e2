import 'server-only';
import { isIPv4, isIPv6 } from 'node:net';
import type { HoldClient } from '@/lib/orders/types';
import { throttleKey } from '@/lib/throttle/store';

/**
 * The network an address belongs to, as one household or one rented server block has it: the
 * IPv4 /24, the IPv6 /48 (what a provider gives one site). Anything that is not an address (the
 * throttle's 'unknown') is its own network.
 */
export function networkOf(address: string): string {
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(address)) return `${ipv6Groups(address).slice(0, 3).join(':')}::/48`;
  return address;
}

/** An IPv6 address's eight 16-bit groups, `::` expanded and an embedded IPv4 tail as two groups. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16).toString(16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        });
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
}

/** The client of a hold as the order keeps it: hashes only, like the throttle's keys. */
export function holdClient(address: string): HoldClient {
  return { addressHash: throttleKey('hold-address', address), networkHash: throttleKey('hold-network', networkOf(address)) };
}
