import 'server-only';
import { PublicKey } from '@solana/web3.js';
import { checkPaymentTransaction, signaturesSince, TRANSACTIONS_PER_BATCH, type ChainReader } from '@/lib/checkout/server/verify';
import type { Refund } from '@/lib/orders/refund';

/**
 * The server's proof that a refund left: as for a payment (lib/checkout/server/verify.ts), the
 * transaction is found by the refund's own reference, never by anyone's word, and counts only when
 * it is finalized, succeeded, and holds a transfer of exactly the refund's amount to the wallet that
 * paid the order (SOL, or the order's token into that wallet's account for the mint). Who signed it
 * does not matter: the merchant pays from any wallet.
 */
export type RefundTransfer =
  | { status: 'sent'; signature: string; sentAt: Date }
  /** Nothing pays it yet; `failure`: why the newest transaction naming its reference did not. */
  | { status: 'pending'; failure: string | null };

export const REFUND_PAYEE = "the buyer's wallet";

/**
 * `commitment`: finalized to record a refund; confirmed only to learn that a transfer paying it has
 * landed and is on its way to final (the cancel refuses then).
 */
export async function findRefundTransfer(
  chain: ChainReader,
  refund: Refund,
  now: () => number = Date.now,
  commitment: 'confirmed' | 'finalized' = 'finalized',
): Promise<RefundTransfer> {
  const units = BigInt(refund.units);
  const wanted = {
    reference: new PublicKey(refund.reference),
    recipient: new PublicKey(refund.recipient),
    lamports: refund.mint ? 0n : units,
    ...(refund.mint ? { token: { mint: new PublicKey(refund.mint), amount: units } } : {}),
  };
  // Oldest first: the first transfer that pays it is the one recorded.
  const candidates = (await signaturesSince(chain, { reference: wanted.reference, createdAt: new Date(refund.createdAt) }, commitment)).reverse();
  let failure: string | null = null;
  for (let start = 0; start < candidates.length; start += TRANSACTIONS_PER_BATCH) {
    const batch = candidates.slice(start, start + TRANSACTIONS_PER_BATCH);
    const transactions = await chain.getTransactions(batch, { commitment, maxSupportedTransactionVersion: 0 });
    for (const [index, transaction] of transactions.entries()) {
      if (!transaction) continue;
      const check = checkPaymentTransaction(transaction, wanted, REFUND_PAYEE);
      if (check.ok) {
        const sentAt = new Date(typeof transaction.blockTime === 'number' ? transaction.blockTime * 1000 : now());
        return { status: 'sent', signature: batch[index]!, sentAt };
      }
      if (check.reason !== 'elsewhere') failure = check.message;
    }
  }
  return { status: 'pending', failure };
}
