import type { CertificateState } from '@/lib/checkout/api';
import { isTransient, type PaymentApi } from './payment-api';

/** Waits before the 2nd and 3rd tries of a certificate request that failed on the way. */
export const CERTIFY_RETRY_DELAYS_MS = [1000, 3000];

const PENDING: CertificateState = { status: 'pending', mint: null };

/**
 * Asks the server to mint a paid order's certificate. The route is idempotent, so a lost request
 * is sent again; when it still fails, the purchase is complete all the same and the certificate
 * shows as pending (the server mints it on a later request).
 */
export async function certifyPayment(
  orderId: string,
  deps: { api: Pick<PaymentApi, 'certify'>; wait: (ms: number) => Promise<void> },
): Promise<CertificateState> {
  for (let attempt = 0; ; attempt++) {
    try {
      return (await deps.api.certify(orderId)).certificate;
    } catch (error) {
      console.error('Minting the certificate failed', error);
      if (!isTransient(error) || attempt >= CERTIFY_RETRY_DELAYS_MS.length) return PENDING;
      await deps.wait(CERTIFY_RETRY_DELAYS_MS[attempt]!);
    }
  }
}
