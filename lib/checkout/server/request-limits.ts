import 'server-only';
import { tooManyRequests } from '@/lib/http/too-many-requests';
import { limitedClient } from '@/lib/throttle/client-limit';
import { throttleKey, type ThrottlePolicy, type ThrottleStore } from '@/lib/throttle/store';

/**
 * The limits on the routes that act on one payment (verify, cancel, its QR code, its certificate):
 * per client, and per order whoever asks, counted together in the shared throttle table. The
 * buyer's page asks about its order every 1.5 s; these let that, two tabs and a reload through,
 * and stop a script hammering an order or the RPC node behind it.
 */
export const PAYMENT_REQUEST_LIMITS = {
  perClient: 120,
  perOrder: 80,
  policy: { windowSeconds: 60, baseDelaySeconds: 5, maxDelaySeconds: 60 } satisfies ThrottlePolicy,
} as const;

function paymentLimitMessage(retryAfterSeconds: number): string {
  return `Too many requests about this payment. Nothing was changed; please try again in ${Math.max(1, Math.ceil(retryAfterSeconds))} s.`;
}

/** Counts one request about `orderId`: the 429 to answer when a limit is reached, else null. */
export async function limitPaymentRequest(headers: Headers, throttle: ThrottleStore, orderId: string, now: Date = new Date()): Promise<Response | null> {
  const verdict = await throttle.take(
    [
      { key: throttleKey('payment-client', limitedClient(headers)), limit: PAYMENT_REQUEST_LIMITS.perClient },
      { key: throttleKey('payment-order', orderId), limit: PAYMENT_REQUEST_LIMITS.perOrder },
    ],
    PAYMENT_REQUEST_LIMITS.policy,
    now,
  );
  return verdict.blocked ? tooManyRequests(paymentLimitMessage(verdict.retryAfterSeconds), verdict.retryAfterSeconds) : null;
}
