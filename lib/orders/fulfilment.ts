import type { Order, OrderStatus } from './types';

/**
 * The operator's moves (issue 14; docs/orders.md says why these): a paid order is shipped with a
 * carrier's tracking reference, then delivered. A late payment may be sold by hand (issue 35: it
 * never sells on its own), while a piece is free. A simulated order (no SOL moved) may be shipped
 * and delivered while the shop itself runs simulated, the spec's demo mode. A refund is not a move:
 * it is a transfer the chain must show (issue 51, lib/refunds); a partially refunded sale still
 * ships and is delivered.
 * The database applies the same moves atomically (move_order, supabase/migrations/*_refunds_on_chain.sql).
 */
export const MOVE_TARGETS = ['paid', 'shipped', 'delivered'] as const;
export type MoveTarget = (typeof MOVE_TARGETS)[number];

const MOVES_FROM: Record<MoveTarget, readonly OrderStatus[]> = {
  paid: ['expired'],
  shipped: ['paid', 'simulated', 'partially_refunded'],
  delivered: ['shipped', 'partially_refunded'],
};

export const STATUS_LABELS: Record<OrderStatus, string> = {
  simulated: 'Simulated',
  pending: 'Awaiting payment',
  paid: 'Paid',
  expired: 'Expired',
  failed: 'Failed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

/** A simulated purchase: the spec's flow, no SOL moved (its payment fields never existed). */
export const isSimulatedOrder = (order: Pick<Order, 'reference'>) => order.reference === null;

/** What buyer and operator see while a payment is confirmed but not yet finalized (issue 35). */
export const CONFIRMING_LABEL = 'Payment received — confirming';

/** A payment recorded on chain that the cluster has not finalized yet: nothing ships or is refunded on it. */
export const isConfirming = <T extends Pick<Order, 'txHash' | 'lamports' | 'finalizedAt'>>(order: T): order is T & { txHash: string } =>
  order.txHash !== null && order.lamports !== null && order.finalizedAt === null;

export type PaymentsMode = 'simulated' | 'solana';

/** Why this order cannot make this move now; null when it can. */
export function moveRefusal(order: Order, to: MoveTarget, payments: PaymentsMode): string | null {
  const simulated = isSimulatedOrder(order);
  if (!MOVES_FROM[to].includes(order.status)) {
    return `An order that is ${STATUS_LABELS[order.status].toLowerCase()} cannot be marked ${STATUS_LABELS[to].toLowerCase()}`;
  }
  if (order.status === 'partially_refunded') {
    if (order.refundDue) return 'A late payment that was partly refunded was never a sale: refund the rest';
    if (to === 'shipped' && order.trackingReference !== null) return 'This order was shipped already';
    if (to === 'delivered' && order.trackingReference === null) return 'An order that was never shipped cannot be marked delivered';
  }
  if (to === 'paid' && (!order.refundDue || order.txHash === null)) {
    return 'An expired order can be sold by hand only when a late payment reached the shop';
  }
  if (to !== 'delivered' && isConfirming(order)) {
    return 'The payment is not final yet: the network is still confirming it. Try again in a minute.';
  }
  if (to === 'shipped' && simulated && payments === 'solana') {
    return 'A simulated order cannot be shipped while the shop takes real payments: no SOL was paid for it';
  }
  return null;
}

/** The moves the operator is offered for this order. */
export function availableMoves(order: Order, payments: PaymentsMode): MoveTarget[] {
  return MOVE_TARGETS.filter((to) => moveRefusal(order, to, payments) === null);
}

/** The route's answer when the hand sale of a late payment finds every piece sold or held. */
export const NO_PIECE_TO_SELL = 'No piece of this watch is free to sell. Restock it first, or refund the payment.';
