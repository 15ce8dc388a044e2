import { solanaPayUrl } from '@/lib/checkout/server/solana-pay-url';
import type { Refund } from '@/lib/orders/refund';

/**
 * The refund as a Solana Pay transfer request: the recipient is the wallet that paid the order, the
 * amount the refund's, in SOL or (spl-token) the order's token, with the refund's reference. Any
 * wallet holding the merchant's funds pays it, from a QR code or the admin's connected wallet.
 */
export function refundPaymentUrl(refund: Refund, orderId: string): string {
  return solanaPayUrl({
    recipient: refund.recipient,
    amount: refund.amount,
    ...(refund.mint ? { splToken: refund.mint } : {}),
    reference: refund.reference,
    message: `Refund of ORX order ${orderId.slice(0, 8)}`,
    memo: refundMemo(refund),
  });
}

/** What the refund's transaction writes on chain with the Memo program. */
export const refundMemo = (refund: Pick<Refund, 'id'>) => `ORX refund ${refund.id}`;
