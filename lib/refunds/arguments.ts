import type { NewRefund } from './store';

/** The arguments of open_refund, in its order (same in both stores). */
export function refundArguments(refund: NewRefund) {
  return {
    p_order_id: refund.orderId,
    // A decimal string: PostgREST's JSON and PGlite's parameters both take it for a bigint exactly.
    p_amount: refund.units.toString(),
    p_reason: refund.reason,
    p_reference: refund.reference,
    p_actor: refund.actor,
    p_ttl_seconds: refund.ttlSeconds,
  };
}
