import type { PaymentStatusResponse } from '@/lib/checkout/api';
import { CHECKOUT_MESSAGES } from '@/lib/checkout/messages';
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
/** How long a payment found but not final yet is waited for, from when it was found: many times what finality takes. */
export const FINALITY_TIMEOUT_MS = 120_000;

export type AwaitPaymentDependencies = {
  api: Pick<PaymentApi, 'verify'>;
  wait: (ms: number) => Promise<void>;
  now: () => number;
  /** Set when the buyer closes the dialog: stop asking. */
  signal?: AbortSignal;
  /** The server found the payment and waits for it to be final ("Payment received — confirming"). */
  onConfirming?: () => void;
};

export type PaymentOutcome =
  | { kind: 'paid'; status: PaymentStatusResponse }
  | { kind: 'refused'; message: string }
  /** confirming: the payment was found, but did not become final in time. */
  | { kind: 'timeout'; confirming: boolean }
  | { kind: 'aborted' };

export async function awaitPayment(
  { orderId, signature, deadline }: { orderId: string; signature?: string; deadline: number },
  deps: AwaitPaymentDependencies,
): Promise<PaymentOutcome> {
  let confirming = false;
  for (;;) {
    if (deps.signal?.aborted) return { kind: 'aborted' };
    try {
      const status = await deps.api.verify(orderId, signature);
      if (status.status === 'paid') return { kind: 'paid', status };
      if (status.status === 'confirming' && !confirming) {
        // The payment is the buyer's now: wait for the cluster to make it final, however long the first wait had left.
        confirming = true;
        deadline = Math.max(deadline, deps.now() + FINALITY_TIMEOUT_MS);
        deps.onConfirming?.();
      }
      if (status.status !== 'pending' && status.status !== 'confirming') {
        return { kind: 'refused', message: status.message ?? CHECKOUT_MESSAGES.paymentNotAccepted };
      }
    } catch (error) {
      if (!isTransient(error)) return { kind: 'refused', message: error instanceof Error ? error.message : CHECKOUT_MESSAGES.paymentNotAccepted };
      console.warn('Checking the payment failed; asking again', error);
    }
    if (deps.now() + VERIFY_INTERVAL_MS > deadline) return { kind: 'timeout', confirming };
    await deps.wait(VERIFY_INTERVAL_MS);
  }
}
