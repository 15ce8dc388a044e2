import { MINT_FAILED_MESSAGE } from '@/lib/certificate/nft-metadata';

/** The purchase messages of SPEC §5 and §8, word for word. */
export const PURCHASE_MESSAGES = {
  fullNameRequired: 'Full name is required',
  phoneRequired: 'Phone number is required',
  emailRequired: 'Valid email is required',
  addressRequired: 'Delivery address is required',
  walletRequired: 'Please connect your wallet first',
  /** Shown when the balance check or the processing fails. */
  processingFailed: 'Failed to process payment. Please try again.',
  /** Shown when the simulated payment or the mint fails. */
  paymentFailed: 'Payment failed. Please try again.',
  balanceCheckFailed: 'Failed to check wallet balance',
  mintFailed: MINT_FAILED_MESSAGE,
} as const;

/** The same check when the buyer pays in USDC (issue 38): both amounts to the cent. */
export function insufficientUsdcBalanceMessage(requiredUsdc: number, balanceUsdc: number): string {
  return `Insufficient USDC balance. Required: ${requiredUsdc.toFixed(2)} USDC, Available: ${balanceUsdc.toFixed(2)} USDC`;
}

export function insufficientBalanceMessage(priceSol: number, balanceSol: number): string {
  return `Insufficient SOL balance. Required: ${priceSol} SOL, Available: ${balanceSol.toFixed(4)} SOL`;
}

/** The real checkout's messages (MERCHANT_WALLET set), beyond the spec's simulated purchase. */
export const CHECKOUT_MESSAGES = {
  walletRejected: 'You declined the payment in your wallet. Nothing was paid.',
  paymentNotAccepted: 'The payment could not be accepted. Please try again.',
  qrExpired: 'This payment request expired before it was paid. Please try again.',
  soldOut: 'This watch is sold out.',
} as const;

/**
 * Every piece of the watch is held by buyers paying for it right now: when to try again. Shown in
 * the buyer's own time (the browser rebuilds it from the answer's `heldUntil`); the server's text,
 * for other clients, says UTC.
 */
export function heldByAnotherBuyerMessage(retryAt: Date, timeZone?: 'UTC'): string {
  const time = retryAt.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone });
  return `This watch is held by another buyer who is paying for it. If their payment does not arrive, it is free again: please try again after ${time}${timeZone ? ' UTC' : ''}.`;
}

/** The payment was found, but the cluster has not finalized it within the dialog's wait: it completes on its own. */
export const STILL_CONFIRMING_MESSAGE =
  'Your payment was received and the network is still confirming it. Do not pay again: the order completes on its own, and My Orders shows it.';

/** The wallet sent the transaction, but the server has not seen it confirmed in time. */
export function confirmationTimeoutMessage(signature: string): string {
  return `Solana has not confirmed your payment yet (transaction ${signature}). If it goes through, your order is recorded; check the transaction on Solscan before paying again.`;
}
