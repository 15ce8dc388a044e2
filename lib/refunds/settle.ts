import 'server-only';
import type { ChainReader } from '@/lib/checkout/server/verify';
import { findRefundTransfer } from './find-transfer';
import type { RefundStore } from './store';
import type { Refund } from '@/lib/orders/refund';

export type RefundCheckDependencies = { refunds: RefundStore; chain: ChainReader; now?: () => number };

/**
 * One look on chain for an open refund: recorded sent (and its order refunded) when the chain shows
 * its transfer, finalized; otherwise the refund as it is, with why the last transaction naming it
 * did not pay it. A failing RPC call is thrown: nothing is recorded on a guess.
 */
export async function checkRefund(refund: Refund, { refunds, chain, now = Date.now }: RefundCheckDependencies): Promise<Refund> {
  if (refund.state !== 'open') return refund;
  const found = await findRefundTransfer(chain, refund, now);
  if (found.status === 'pending') return { ...refund, failure: found.failure ?? refund.failure };
  const recorded = await refunds.recordSent(refund.id, found.signature, found.sentAt);
  // Null: cancelled or expired between the claim and now. The refund as it is then says so.
  return recorded?.refund ?? (await refunds.get(refund.id)) ?? refund;
}
