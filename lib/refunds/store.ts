import type { Order } from '@/lib/orders/types';
import type { Refund } from '@/lib/orders/refund';
import type { OpenRefundOutcome } from './types';

/** What staff ask for when they open a refund; the store adds the order's currency and payer. */
export type NewRefund = { orderId: string; units: bigint; reason: string; reference: string; actor: string; ttlSeconds: number };

/**
 * The refunds (supabase/migrations/…_refunds_on_chain.sql). Every change is one SQL function, under
 * the order's row lock where the order changes too, so several instances can share them.
 */
export interface RefundStore {
  /** Opens a refund if the order can still give that much back. */
  open(refund: NewRefund): Promise<OpenRefundOutcome>;
  /** The chain showed it: the refund sent and the order (partially) refunded; null if it was cancelled or expired. */
  recordSent(id: string, signature: string, sentAt: Date): Promise<{ refund: Refund; order: Order } | null>;
  /** Staff's cancel of an open refund; null when it is not open (or not the order's). */
  cancel(orderId: string, id: string): Promise<Refund | null>;
  /** An open refund past its expiry is expired; null otherwise. */
  expire(id: string): Promise<Refund | null>;
  /** The worker's claim of open refunds due for a look on chain, leased for `leaseSeconds`. */
  claimDue(limit: number, leaseSeconds: number): Promise<Refund[]>;
  /** Ends a look that found nothing: next look in `delaySeconds`, and the last refusal if any. */
  releaseClaim(id: string, delaySeconds: number, failure: string | null): Promise<void>;
  get(id: string): Promise<Refund | null>;
  /** These orders' refunds, oldest first (an order's dialog, a buyer's list, a page of the CSV). */
  forOrders(orderIds: string[]): Promise<Refund[]>;
}
