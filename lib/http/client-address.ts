import 'server-only';
import { isIP } from 'node:net';
import { FRONT_DOOR_FLAG, isRunByFrontDoor, SOCKET_ADDRESS_HEADER } from './front-door-stamps';

/**
 * ORX's own HTTP server (lib/front-door/) hands a route handler the address of the socket a
 * request came in on, in SOCKET_ADDRESS_HEADER, over whatever a client sent under that name
 * (lib/http/front-door-stamps.ts). It is believed only when the process was started by that
 * server, which says so in FRONT_DOOR_FLAG; under a bare `next start` or `next dev` nobody removes
 * a forged one.
 */
export { FRONT_DOOR_FLAG, SOCKET_ADDRESS_HEADER };

/** An address in one spelling (IPv4-mapped IPv6 as IPv4, IPv6 lower case), or null when it is none. */
export function normalAddress(text: string | null | undefined): string | null {
  const address = (text ?? '').trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return isIP(address) === 0 ? null : address.toLowerCase();
}

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
  return normalAddress(entries.length >= hops ? entries[entries.length - hops] : null);
}

/** The socket's address as ORX's server stamped it, or null when the process is not run by that server. */
export function socketAddress(headers: Headers, env: NodeJS.ProcessEnv = process.env): string | null {
  if (!isRunByFrontDoor(env)) return null;
  return normalAddress(headers.get(SOCKET_ADDRESS_HEADER));
}

/**
 * The address the server or its trusted proxy saw, never one a client wrote: the proxies' entry
 * with `hops` ≥ 1, else the socket's. Null when neither can be known (`next dev`, or `next start`
 * run without ORX's server and without a proxy).
 */
export function trustedClientAddress(headers: Headers, hops: number): string | null {
  return hops > 0 ? clientAddress(headers, hops) : socketAddress(headers);
}

/**
 * The address X-Forwarded-For ends with, believed or not: with no proxy in front it is the
 * socket's address `next start` filled in, unless the client wrote the header itself. Only for
 * limits where a forger gains nothing worth more than sharing one count with every other client.
 */
export function claimedClientAddress(headers: Headers): string | null {
  const entries = (headers.get('x-forwarded-for') ?? '').split(',');
  return normalAddress(entries[entries.length - 1]);
}

/** For a record (a session, the audit trail): the trusted address when there is one, else the one the request claims. */
export function seenClientAddress(headers: Headers, hops: number): string | null {
  return trustedClientAddress(headers, hops) ?? (hops > 0 ? null : claimedClientAddress(headers));
}
