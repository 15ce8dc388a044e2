import 'server-only';
import { checkRefund, type RefundCheckDependencies } from '@/lib/refunds/settle';
import type { Refund } from '@/lib/orders/refund';
import { errorMessage } from './error-message';

/** Refunds one pass looks at most; the rest are due at the next pass. */
const REFUND_BATCH = 50;
/** How long a claim keeps other instances off a refund: longer than its RPC calls take. */
const CLAIM_LEASE_S = 120;
/** A fresh refund is looked at every pass or so; an old one less often (a tenth of its age, five minutes at most). */
const LOOK_MIN_S = 10;
const LOOK_MAX_S = 300;

/**
 * Every open refund that is due, each claimed in SQL first: sent once the chain shows it; expired
 * once its day is over and one last look found nothing (an old QR code is then no longer waited
 * for); otherwise looked at again later, with why the last transaction naming it did not pay it.
 */
export async function settleDueRefunds(deps: RefundCheckDependencies): Promise<void> {
  const now = deps.now ?? Date.now;
  const claimed = await deps.refunds.claimDue(REFUND_BATCH, CLAIM_LEASE_S);
  for (const refund of claimed) {
    let checked: Refund | null = null;
    try {
      checked = await checkRefund(refund, { ...deps, now });
    } catch (error) {
      console.error(`Refunds: refund ${refund.id} could not be checked: ${errorMessage(error)}`);
    }
    if (checked?.state === 'open' && Date.parse(checked.expiresAt) <= now()) {
      await deps.refunds.expire(refund.id);
      continue;
    }
    if (checked?.state !== 'open' && checked !== null) continue;
    const age = (now() - Date.parse(refund.createdAt)) / 1000;
    await deps.refunds.releaseClaim(refund.id, Math.min(Math.max(age / 10, LOOK_MIN_S), LOOK_MAX_S), checked?.failure ?? null);
  }
}
