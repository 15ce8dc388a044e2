import { unitsAsAmount } from './schema';
import type { Refund } from '@/lib/orders/refund';
import type { PaymentCurrency } from '@/lib/chain/currencies';

/** What an order's sent refunds gave back, as a decimal of its currency ("0" for none). */
export function refundedAmount(refunds: readonly Refund[], orderId: string, currency: PaymentCurrency): string {
  const units = refunds.reduce((sum, refund) => (refund.orderId === orderId && refund.state === 'sent' ? sum + BigInt(refund.units) : sum), 0n);
  return unitsAsAmount(units, currency);
}
