import 'server-only';
import { certifyOrder, type CertifyDependencies } from '@/lib/certificate/certify';
import { errorMessage } from './error-message';
import { CLAIM_LEASE_S } from './settle-payments';

/** Certificates one pass mints at most (each is a transaction of the authority). */
export const MINT_BATCH = 20;

/**
 * Mints the certificates of paid orders that have none, each order claimed in SQL first. A failed
 * mint is recorded on the order by certifyOrder (its reason for the operator, and the next attempt
 * pushed back: 10 s, doubling up to an hour); the mint's address derives from the order, so a
 * second instance or the buyer's own page minting at the same moment finds the same certificate.
 */
export async function mintDueCertificates(deps: CertifyDependencies & { mint: NonNullable<CertifyDependencies['mint']> }): Promise<void> {
  const claimed = await deps.orders.claimDue('certify', MINT_BATCH, CLAIM_LEASE_S);
  for (const order of claimed) {
    try {
      await certifyOrder(order.id, deps);
    } catch (error) {
      // The database failed around the mint: the claim lapses and the order is tried again.
      console.error(`Certificates: order ${order.id} could not be certified: ${errorMessage(error)}`);
    }
  }
}
