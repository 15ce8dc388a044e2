import { PublicKey, Transaction, type BlockhashWithExpiryBlockHeight } from '@solana/web3.js';
import type { PaymentIntentResponse } from '@/lib/checkout/api';
import { paymentInstructions } from '@/lib/checkout/transfer';

/**
 * The transaction that pays an intent: the buyer pays the fee, and the server's transfer and memo
 * instructions carry the exact lamports and the reference it will look the payment up by.
 */
export function paymentTransaction(intent: PaymentIntentResponse, payer: PublicKey, recent: BlockhashWithExpiryBlockHeight): Transaction {
  const transaction = new Transaction({ feePayer: payer, ...recent });
  transaction.add(
    ...paymentInstructions({
      payer,
      recipient: new PublicKey(intent.recipient),
      lamports: BigInt(intent.lamports),
      reference: new PublicKey(intent.reference),
      memo: intent.memo,
    }),
  );
  return transaction;
}
