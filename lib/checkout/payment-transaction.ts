import { PublicKey, Transaction, type BlockhashWithExpiryBlockHeight } from '@solana/web3.js';
import type { PaymentIntentResponse } from '@/lib/checkout/api';
import { decimalToUnits, USDC_DECIMALS } from '@/lib/chain/currencies';
import { paymentInstructions, tokenPaymentInstructions } from '@/lib/checkout/transfer';

/**
 * The transaction that pays an intent: the buyer pays the fee, and the server's transfer and memo
 * instructions carry the exact amount (lamports, or the intent's USDC) and the reference it will
 * look the payment up by.
 */
export function paymentTransaction(intent: PaymentIntentResponse, payer: PublicKey, recent: BlockhashWithExpiryBlockHeight): Transaction {
  const transaction = new Transaction({ feePayer: payer, ...recent });
  const paid = { payer, recipient: new PublicKey(intent.recipient), reference: new PublicKey(intent.reference), memo: intent.memo };
  transaction.add(
    ...(intent.currency === 'USDC' && intent.splToken
      ? tokenPaymentInstructions({ ...paid, mint: new PublicKey(intent.splToken), amount: decimalToUnits(intent.amount, USDC_DECIMALS), decimals: USDC_DECIMALS })
      : paymentInstructions({ ...paid, lamports: BigInt(intent.lamports) })),
  );
  return transaction;
}
