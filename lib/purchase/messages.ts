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
