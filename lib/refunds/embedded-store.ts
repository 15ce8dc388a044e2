import 'server-only';
import type { PGlite } from '@electric-sql/pglite';
import { refundArguments } from './arguments';
import { toOpenOutcome, toRefund, toSentOutcome } from './schema';
import type { RefundStore } from './store';

/** Refunds on the embedded database. */
export function createEmbeddedRefundStore(database: () => Promise<PGlite>): RefundStore {
  const query = async (sql: string, params: unknown[]) => (await (await database()).query<Record<string, unknown>>(sql, params)).rows;
  const refunds = async (sql: string, params: unknown[]) => (await query(sql, params)).map(toRefund);
  const one = async (sql: string, params: unknown[]) => (await refunds(sql, params))[0] ?? null;

  return {
    open: async (refund) => {
      const args = refundArguments(refund);
      const [row] = await query(
        'select public.open_refund(p_order_id => $1, p_amount => $2, p_reason => $3, p_reference => $4, p_actor => $5, p_ttl_seconds => $6) as answer',
        Object.values(args),
      );
      return toOpenOutcome(row!.answer);
    },
    recordSent: async (id, signature, sentAt) => {
      const [row] = await query('select public.record_refund_sent(p_id => $1, p_signature => $2, p_sent_at => $3) as answer', [id, signature, sentAt]);
      return toSentOutcome(row!.answer);
    },
    cancel: (orderId, id) => one('select * from public.cancel_refund(p_id => $1, p_order_id => $2)', [id, orderId]),
    expire: (id) => one('select * from public.expire_refund(p_id => $1)', [id]),
    claimDue: (limit, leaseSeconds) => refunds('select * from public.claim_due_refunds(p_limit => $1, p_lease_seconds => $2)', [limit, leaseSeconds]),
    releaseClaim: async (id, delaySeconds, failure) => {
      await query('select public.release_refund_claim(p_id => $1, p_delay_seconds => $2, p_failure => $3)', [id, Math.round(delaySeconds), failure]);
    },
    get: (id) => one('select * from public.refunds where id = $1', [id]),
    forOrders: (orderIds) => (orderIds.length === 0 ? Promise.resolve([]) : refunds('select * from public.refunds_of(p_order_ids => $1)', [orderIds])),
  };
}
