import type { PaymentStatusResponse } from '@/lib/payments/api';
import { CHECKOUT_MESSAGES } from './messages';
import { isTransient, type PaymentApi } from './payment-api';

/**
 * Asks the server, again and again, whether it has found the payment on chain, until it is paid,
 * failed or expired, or until the caller's time runs out. A confirmed transaction reaches the
 * server within a second or two; an outage or a lost request is simply asked again.
 */

/** How often the server is asked. Solana confirms a transaction in about a second. */
export const VERIFY_INTERVAL_MS = 1500;
/** How long the dialog waits for a transaction the wallet has sent before it says so. */
export const WALLET_CONFIRMATION_TIMEOUT_MS = 90_000;

export type AwaitPaymentDependencies = {
  api: Pick<PaymentApi, 'verify'>;
  wait: (ms: number) => Promise<void>;
  now: () => number;
  /** Set when the buyer closes the dialog: stop asking. */
  signal?: AbortSignal;
};

export type PaymentOutcome =
  | { kind: 'paid'; status: PaymentStatusResponse }
  | { kind: 'refused'; message: string }
  | { kind: 'timeout' }
  | { kind: 'aborted' };

export async function awaitPayment(
  { orderId, signature, deadline }: { orderId: string; signature?: string; deadline: number },
  deps: AwaitPaymentDependencies,
): Promise<PaymentOutcome> {
  for (;;) {
    if (deps.signal?.aborted) return { kind: 'aborted' };
    try {
      const status = await deps.api.verify(orderId, signature);
      if (status.status === 'paid') return { kind: 'paid', status };
      if (status.status !== 'pending') return { kind: 'refused', message: status.message ?? CHECKOUT_MESSAGES.paymentNotAccepted };
    } catch (error) {
      if (!isTransient(error)) return { kind: 'refused', message: error instanceof Error ? error.message : CHECKOUT_MESSAGES.paymentNotAccepted };
      console.warn('Checking the payment failed; asking again', error);
    }
    if (deps.now() + VERIFY_INTERVAL_MS > deadline) return { kind: 'timeout' };
    await deps.wait(VERIFY_INTERVAL_MS);
  }
}
