import 'server-only';
import type { OrderStore } from '@/lib/orders/store';
import type { Order } from '@/lib/orders/types';
import { followToFinality, settlePayment, type SettleDependencies } from '@/lib/checkout/server/settle';
import { errorMessage } from './error-message';

/** Orders one pass settles at most; the rest are due at the next pass. */
export const SETTLE_BATCH = 50;
/** How long a claim keeps other instances off an order: longer than the RPC calls of one order take. */
export const CLAIM_LEASE_S = 120;
/** An expired, unpaid intent is looked at less and less often for a late payment (the claim stops after a day). */
const LATE_WATCH_MIN_S = 30;
const LATE_WATCH_MAX_S = 3600;

export type SettleJobDependencies = Omit<SettleDependencies, 'now'> & { now?: () => number };

/**
 * Settles the intents that are due, each claimed in SQL first (another instance skips it while the
 * claim lasts). One order whose lookup fails is logged and tried again later; the others go on.
 */
export async function settleDuePayments(deps: SettleJobDependencies): Promise<void> {
  const now = deps.now ?? Date.now;
  const claimed = await deps.orders.claimDue('settle', SETTLE_BATCH, CLAIM_LEASE_S);
  for (const order of claimed) {
    // When the RPC node fails on it, the order is simply due again at the next pass.
    let delay = 0;
    try {
      const settled = await settlePayment(order.id, undefined, { ...deps, now });
      delay = nextLookIn(settled ?? order, now());
    } catch (error) {
      console.error(`Settlement: order ${order.id} could not be checked: ${errorMessage(error)}`);
    }
    await releaseClaim(deps.orders, order.id, delay);
  }
}

/**
 * Follows every recorded payment that is not final yet to `finalized` (then the certificate and the
 * buyer's confirmation go out) or to its drop (the sale undone), each claimed in SQL first.
 */
export async function finalizeDuePayments(deps: SettleJobDependencies): Promise<void> {
  const claimed = await deps.orders.claimDue('finalize', SETTLE_BATCH, CLAIM_LEASE_S);
  for (const order of claimed) {
    try {
      await followToFinality(order, { ...deps, now: deps.now ?? Date.now });
    } catch (error) {
      console.error(`Settlement: the payment of order ${order.id} could not be followed: ${errorMessage(error)}`);
    }
    await releaseClaim(deps.orders, order.id, 0);
  }
}

/** When the order is next looked at: at the next pass while pending; rarer and rarer once expired unpaid. */
function nextLookIn(order: Order, now: number): number {
  if (order.status === 'pending') return 0;
  if ((order.status === 'expired' || order.status === 'failed') && order.txHash === null && order.expiresAt) {
    const sinceExpiry = (now - new Date(order.expiresAt).getTime()) / 1000;
    return Math.min(Math.max(sinceExpiry / 2, LATE_WATCH_MIN_S), LATE_WATCH_MAX_S);
  }
  return 0;
}

/** A claim not released lapses on its own after CLAIM_LEASE_S: a failure here only delays. */
export async function releaseClaim(orders: OrderStore, id: string, delaySeconds: number): Promise<void> {
  await orders.releaseClaim(id, delaySeconds).catch((error: unknown) => {
    console.error(`Settlement: the claim on order ${id} could not be released: ${errorMessage(error)}`);
  });
}
