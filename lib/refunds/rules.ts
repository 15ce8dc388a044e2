import { isConfirming, isSimulatedOrder, STATUS_LABELS } from '@/lib/orders/fulfilment';
import type { Refund } from '@/lib/orders/refund';
import type { Order } from '@/lib/orders/types';
import { unitsAsAmount } from './schema';

/**
 * Which orders can be refunded, as open_refund decides it in SQL (the route and the admin dialog ask
 * here first, to say why not): a real payment, final, that the shop still holds: paid, shipped,
 * delivered, partially refunded, or a late payment owed back.
 */
export function refundRefusal(order: Order): string | null {
  if (isSimulatedOrder(order)) return 'A simulated order cannot be refunded: nothing was paid for it';
  const refundable = ['paid', 'shipped', 'delivered', 'partially_refunded'].includes(order.status) || (order.status === 'expired' && order.refundDue);
  if (!refundable || order.wallet === null) {
    if (order.status === 'expired') return 'An expired order can be refunded only when a late payment reached the shop';
    return `An order that is ${STATUS_LABELS[order.status].toLowerCase()} cannot be refunded`;
  }
  if (isConfirming(order)) return 'The payment is not final yet: the network is still confirming it. Try again in a minute.';
  return null;
}

/** What is left to refund, as a decimal of the order's currency: what it paid less its refunds sent or open (and not past their expiry). */
export function refundLeft(order: Order, refunds: readonly Refund[], now = Date.now()): string {
  const paid = BigInt((order.currency === 'USDC' ? order.tokenAmount : order.lamports) ?? 0);
  const taken = refunds.reduce(
    (sum, refund) => (refund.state === 'sent' || (refund.state === 'open' && Date.parse(refund.expiresAt) > now) ? sum + BigInt(refund.units) : sum),
    0n,
  );
  return unitsAsAmount(paid > taken ? paid - taken : 0n, order.currency);
}
