import 'server-only';
import { tooManyRequests } from '@/lib/http/too-many-requests';
import { takeClientLimit, type ClientLimit } from '@/lib/throttle/client-limit';
import type { ThrottlePolicy, ThrottleStore } from '@/lib/throttle/store';

/**
 * The endpoints that create orders (POST /api/orders for the simulated purchase, POST /api/payments
 * for a payment intent) are the shop's public writes, so each client may make a bounded number in
 * a window, then waits a doubling delay. A buyer never comes near it; a script filling the orders
 * table does. How clients are told apart: lib/throttle/client-limit.ts.
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
  const limit: ClientLimit = { purpose: 'orders-client', perClient: ORDER_LIMIT.perClient, policy: ORDER_LIMIT.policy };
  const retryAfter = await takeClientLimit(headers, throttle, limit, now);
  return retryAfter === null ? null : tooManyRequests(orderLimitMessage(retryAfter), retryAfter);
}
