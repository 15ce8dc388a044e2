import type { Order, OrderStatus } from '@/lib/orders/types';
import { lamportsToDecimalSol } from '@/lib/payments/lamports';

/**
 * How the admin Orders view presents an order: what its status means for the operator, the
 * amount in SOL (from the exact lamports asked, for a real payment), and whether the shop owes
 * the buyer a refund.
 */

const STATUS_LABELS: Record<OrderStatus, string> = {
  simulated: 'Simulated',
  pending: 'Awaiting payment',
  paid: 'Paid',
  expired: 'Expired',
  failed: 'Failed',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};

export type OrderTone = 'ok' | 'waiting' | 'problem' | 'muted';

export type OrderView = {
  statusLabel: string;
  tone: OrderTone;
  /** A simulated purchase: no SOL moved and its transaction hash is made up. */
  simulated: boolean;
  amountSol: string;
  /** The transaction that paid (or paid late), on chain; null for none or a made-up one. */
  signature: string | null;
  certificate: { status: 'minted'; mint: string } | { status: 'pending' } | null;
  refundDue: boolean;
};

export function orderView(order: Order): OrderView {
  const simulated = order.status === 'simulated';
  const paid = order.status === 'paid' || order.status === 'shipped';
  return {
    statusLabel: STATUS_LABELS[order.status],
    tone: paid ? 'ok' : order.status === 'pending' ? 'waiting' : simulated || order.status === 'cancelled' ? 'muted' : 'problem',
    simulated,
    amountSol: order.lamports === null ? String(order.solAmount) : lamportsToDecimalSol(BigInt(order.lamports)),
    signature: simulated ? null : order.txHash,
    certificate: order.certificateMint ? { status: 'minted', mint: order.certificateMint } : paid ? { status: 'pending' } : null,
    refundDue: order.refundDue,
  };
}
