import 'server-only';
import { isIP } from 'node:net';

/**
 * The client's address as the nearest trusted proxy saw it, or null when there is none to trust.
 *
 * `next start` passes a request's X-Forwarded-For on untouched when the client sent one (it only
 * fills the header in, with the socket's address, when it is absent: `??=` in Next's
 * base-server.js), so a route handler cannot tell a forged header from a real one. Only the
 * proxies in front, which append the address they saw, can: with `hops` of them the client's
 * address is the hops-th entry from the right, and whatever the client wrote is to its left.
 * With no proxy (hops 0) no header is believed, X-Real-IP and Forwarded never are.
 */
export function clientAddress(headers: Headers, hops: number): string | null {
  if (hops === 0) return null;
  const entries = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  // Fewer entries than proxies: the request did not come through them all, so nothing is known.
  const address = entries.length >= hops ? entries[entries.length - hops]! : '';
  return isIP(address) === 0 ? null : address.toLowerCase();
}

/**
 * The address X-Forwarded-For ends with, believed or not: with no proxy in front it is the
 * socket's address `next start` filled in, unless the client wrote the header itself. Only for
 * limits where a forger gains nothing worth more than sharing one count with every other client.
 */
export function claimedClientAddress(headers: Headers): string | null {
  const entries = (headers.get('x-forwarded-for') ?? '').split(',');
  const address = entries[entries.length - 1]!.trim();
  return isIP(address) === 0 ? null : address.toLowerCase();
}

/** For a record (a session, the audit trail): the trusted address when proxies are configured, else the one the request claims. */
export function seenClientAddress(headers: Headers, hops: number): string | null {
  return hops > 0 ? clientAddress(headers, hops) : claimedClientAddress(headers);
}
