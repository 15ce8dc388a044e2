import 'server-only';
import type { Connection } from '@solana/web3.js';
import { isConfirming } from '@/lib/orders/fulfilment';
import type { OrderStore } from '@/lib/orders/store';
import type { Order } from '@/lib/orders/types';

/**
 * Paid is final only at `finalized`. The verifier accepts a payment once its transaction is
 * `confirmed` (the order is then `paid` and keeps its piece), but a confirmed transaction can still
 * be dropped by the cluster. The certificate, the buyer's confirmation (order.paid), shipping and a
 * refund all wait until the transaction is finalized (SQL: finalize_payment, claim_due_orders,
 * move_order, record_order_events); until then buyer and operator see "Payment received —
 * confirming". A transaction the cluster no longer knows, once it could no longer land (its
 * blockhash outlives no more than about 150 slots), was dropped: the sale is undone (drop_payment).
 */

/** Longer than a blockhash stays valid: a transaction unknown this long after it was seen is gone. */
export const DROPPED_AFTER_MS = 2 * 60 * 1000;

export type FinalityReader = Pick<Connection, 'getSignatureStatuses'>;

/**
 * Asks the cluster about the order's payment: finalized (the order is final), dropped (the sale or
 * the refund undone), or neither yet (the order as it was). An RPC failure is thrown: nothing is
 * decided on a guess.
 */
export async function checkFinality(order: Order, deps: { orders: OrderStore; chain: FinalityReader; now: () => number }): Promise<Order> {
  if (!isConfirming(order)) return order;
  const { value } = await deps.chain.getSignatureStatuses([order.txHash], { searchTransactionHistory: true });
  const status = value[0];
  if (status && !status.err) {
    if (status.confirmationStatus !== 'finalized') return order;
    return (await deps.orders.finalizePayment(order.id, order.txHash)) ?? (await deps.orders.get(order.id)) ?? order;
  }
  const seen = Date.parse(order.paidAt ?? order.expiresAt ?? order.createdAt);
  if (!status && deps.now() - seen < DROPPED_AFTER_MS) return order;
  return (await deps.orders.dropPayment(order.id, order.txHash)) ?? (await deps.orders.get(order.id)) ?? order;
}
