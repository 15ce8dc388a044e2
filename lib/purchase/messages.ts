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
  mintFailed: 'Failed to mint NFT',
} as const;

export function insufficientBalanceMessage(priceSol: number, balanceSol: number): string {
  return `Insufficient SOL balance. Required: ${priceSol} SOL, Available: ${balanceSol.toFixed(4)} SOL`;
}

/** The real checkout's messages (MERCHANT_WALLET set), beyond the spec's simulated purchase. */
export const CHECKOUT_MESSAGES = {
  walletRejected: 'You declined the payment in your wallet. Nothing was paid.',
  paymentNotAccepted: 'The payment could not be accepted. Please try again.',
  qrExpired: 'This payment request expired before it was paid. Please try again.',
} as const;

/** The wallet sent the transaction, but the server has not seen it confirmed in time. */
export function confirmationTimeoutMessage(signature: string): string {
  return `Solana has not confirmed your payment yet (transaction ${signature}). If it goes through, your order is recorded; check the transaction on Solscan before paying again.`;
}
