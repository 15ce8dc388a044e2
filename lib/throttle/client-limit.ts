import 'server-only';
import { parseTrustedProxyHops } from '@/lib/config';
import { claimedClientAddress, trustedClientAddress } from '@/lib/http/client-address';
import { throttleKey, type ThrottlePolicy, type ThrottleStore } from './store';

/** A limit kept per client address: `perClient` requests per window of `policy`. */
export type ClientLimit = { purpose: string; perClient: number; policy: ThrottlePolicy };

/**
 * Counts one request of this client against the limit: the seconds to wait when it is over, else
 * null. The count is kept per the address the server or its trusted proxy saw. Where neither can
 * be known (`next dev`, a bare `next start`), per the address the request claims: a client writing
 * its own header can escape its count there, but one shared count would let any client lock every
 * other one out (docs/security.md).
 */
export async function takeClientLimit(headers: Headers, throttle: ThrottleStore, limit: ClientLimit, now: Date = new Date()): Promise<number | null> {
  const verdict = await throttle.take([{ key: throttleKey(limit.purpose, limitedClient(headers)), limit: limit.perClient }], limit.policy, now);
  return verdict.blocked ? verdict.retryAfterSeconds : null;
}

/** Who a per-client limit counts this request against (takeClientLimit says how it is chosen). */
export function limitedClient(headers: Headers): string {
  return trustedClientAddress(headers, parseTrustedProxyHops()) ?? claimedClientAddress(headers) ?? 'unknown';
}
