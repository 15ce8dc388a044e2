import { PublicKey, Transaction, type BlockhashWithExpiryBlockHeight } from '@solana/web3.js';
import { USDC_DECIMALS } from '@/lib/chain/currencies';
import { paymentInstructions, tokenPaymentInstructions } from '@/lib/checkout/transfer';
import type { Refund } from '@/lib/orders/refund';
import { refundMemo } from '@/lib/refunds/payment-request';

/**
 * The transaction that pays a refund from the merchant's connected wallet (issue 51): the Solana
 * Pay transfer a phone wallet makes from the refund's QR code, built as the checkout builds a
 * payment (lib/checkout/transfer.ts). The exact amount in SOL, or in the order's token into the
 * buyer's account for the mint; the refund's reference, by which the server finds it; its memo.
 * The connected wallet pays the fee. Only the wallet adapter's chunk imports this.
 */
export function refundTransaction(
  refund: Pick<Refund, 'id' | 'units' | 'mint' | 'recipient' | 'reference'>,
  payer: PublicKey,
  recent: BlockhashWithExpiryBlockHeight,
): Transaction {
  const transfer = { payer, recipient: new PublicKey(refund.recipient), reference: new PublicKey(refund.reference), memo: refundMemo(refund) };
  const units = BigInt(refund.units);
  const instructions = refund.mint
    ? tokenPaymentInstructions({ ...transfer, mint: new PublicKey(refund.mint), amount: units, decimals: USDC_DECIMALS })
    : paymentInstructions({ ...transfer, lamports: units });
  return new Transaction({ feePayer: payer, ...recent }).add(...instructions);
}
