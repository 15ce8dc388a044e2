import type { Refund } from '@/lib/orders/refund';

/**
 * What the order dialog and the wallet adapter's chunk (refund-wallet.tsx) say to each other while
 * the merchant pays a refund from a connected wallet, and what the dialog says meanwhile. Nothing
 * here imports the wallet adapter: the dialog's own bundle holds this file.
 */

/** A press of "Pay with a connected wallet": `id` tells a second press for the same refund apart. */
export type RefundPaymentRequest = { id: number; refund: Refund };

/** choosing: the wallet modal is open; connecting: the chosen wallet is asked to connect; approving: to sign and send. */
export type WalletPhase = 'choosing' | 'connecting' | 'approving';

export type RefundWalletEvents = {
  onPhase: (request: RefundPaymentRequest, phase: WalletPhase) => void;
  /** The wallet sent the transfer: its signature (not final yet). */
  onSent: (request: RefundPaymentRequest, signature: string) => void;
  /** Nothing was sent: why. */
  onFailed: (request: RefundPaymentRequest, message: string) => void;
  /** The wallet modal is open or the wallet is asked for something: Escape and outside clicks belong to it. */
  onHoldOpen: (hold: boolean) => void;
};

/** After the wallet sent it, the refund is checked this often until the server sees it final… */
export const CONFIRM_CHECK_MS = 2000;
/** …for at most this long; the worker and the dialog's own re-check go on after that. */
export const CONFIRM_WAIT_MS = 120_000;

export const WALLET_LOAD_FAILED_MESSAGE = 'The wallet could not be loaded. Check your connection and try again: nothing was sent.';

export const notFinalMessage = (signature: string) => `The transfer was sent (signature ${signature}) but is not final yet; the shop keeps checking.`;
