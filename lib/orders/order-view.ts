import { CONFIRMING_LABEL, isConfirming, isSimulatedOrder, STATUS_LABELS } from '@/lib/orders/fulfilment';
import type { Order, OrderStatus } from '@/lib/orders/types';
import { unitsToDecimal, USDC_DECIMALS, type PaymentCurrency } from '@/lib/chain/currencies';
import { lamportsToDecimalSol } from '@/lib/chain/lamports';

/**
 * How the admin Orders view presents an order: what its status means for the operator, the
 * amount in SOL (from the exact lamports asked, for a real payment), what the buyer paid in (SOL,
 * or USDC and how much), and whether the shop owes the buyer a refund.
 */

export type OrderTone = 'ok' | 'waiting' | 'problem' | 'muted';

/** A real payment reached the shop for these (a certificate is owed to the buyer). */
const PAID: readonly OrderStatus[] = ['paid', 'shipped', 'delivered', 'partially_refunded'];

const TONES: Record<OrderStatus, OrderTone> = {
  simulated: 'muted',
  pending: 'waiting',
  paid: 'ok',
  expired: 'problem',
  failed: 'problem',
  shipped: 'ok',
  delivered: 'ok',
  partially_refunded: 'ok',
  refunded: 'muted',
  cancelled: 'muted',
};

export type OrderView = {
  statusLabel: string;
  tone: OrderTone;
  /** A simulated purchase: no SOL moved and its transaction hash is made up. */
  simulated: boolean;
  amountSol: string;
  /** What the buyer pays in, and how much of it: for SOL, amountSol; for USDC, to the cent. */
  currency: PaymentCurrency;
  amount: string;
  /** The transaction that paid (or paid late), on chain; null for none or a made-up one. */
  signature: string | null;
  certificate: { status: 'minted'; mint: string } | { status: 'pending' } | null;
  refundDue: boolean;
};

export function orderView(order: Order): OrderView {
  // Marked simulated at every status: a shipped demo order still proves no payment.
  const simulated = isSimulatedOrder(order);
  const paid = !simulated && PAID.includes(order.status);
  const amountSol = order.lamports === null ? String(order.solAmount) : lamportsToDecimalSol(BigInt(order.lamports));
  return {
    statusLabel: order.status === 'paid' && isConfirming(order) ? CONFIRMING_LABEL : STATUS_LABELS[order.status],
    tone: order.status === 'paid' && isConfirming(order) ? 'waiting' : TONES[order.status],
    simulated,
    amountSol,
    currency: order.currency,
    amount: order.currency === 'USDC' && order.tokenAmount !== null ? unitsToDecimal(BigInt(order.tokenAmount), USDC_DECIMALS) : amountSol,
    signature: simulated ? null : order.txHash,
    certificate: order.certificateMint ? { status: 'minted', mint: order.certificateMint } : paid ? { status: 'pending' } : null,
    refundDue: order.refundDue,
  };
}
