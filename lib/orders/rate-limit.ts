import 'server-only';
import { parseTrustedProxyHops } from '@/lib/config';
import { claimedClientAddress, clientAddress } from '@/lib/http/client-address';
import { tooManyRequests } from '@/lib/http/too-many-requests';
import { throttleKey, type ThrottlePolicy, type ThrottleStore } from '@/lib/throttle/store';

/**
 * The endpoints that create orders (POST /api/orders for the simulated purchase, POST /api/payments
 * for a payment intent) are the shop's public writes, so each client may make a bounded number in
 * a window, then waits a doubling delay. A buyer never comes near it; a script filling the orders
 * table does. Without a trusted proxy (TRUSTED_PROXY_HOPS=0) the count is kept per claimed address
 * (the socket's, as `next start` fills X-Forwarded-For in): a client writing its own header can
 * escape its count, but one shared count would let any client stop every buyer from ordering.
 * Behind a proxy, configure it (docs/security.md).
 */
export const ORDER_LIMIT = {
  perClient: 30,
  policy: { windowSeconds: 10 * 60, baseDelaySeconds: 60, maxDelaySeconds: 10 * 60 } satisfies ThrottlePolicy,
} as const;

/** The buyer sees it in the purchase dialog: it says nothing was paid and when to try again. */
export function orderLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return (
    'Too many orders from your connection in a short time. Nothing was paid or stored. ' +
    `Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
  );
}

/** Counts an order request of this client: the 429 to answer when it is over the limit, else null. */
export async function limitOrderRequest(
  headers: Headers,
  throttle: ThrottleStore,
  now: Date = new Date(),
): Promise<Response | null> {
  const client = clientAddress(headers, parseTrustedProxyHops()) ?? claimedClientAddress(headers) ?? 'unknown';
  const verdict = await throttle.take([{ key: throttleKey('orders-client', client), limit: ORDER_LIMIT.perClient }], ORDER_LIMIT.policy, now);
  return verdict.blocked ? tooManyRequests(orderLimitMessage(verdict.retryAfterSeconds), verdict.retryAfterSeconds) : null;
}
