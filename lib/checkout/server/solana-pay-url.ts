/**
 * A Solana Pay transfer request URL (solana:<recipient>?amount=…&spl-token=…&reference=…&label=…
 * &message=…&memo=…), which phone wallets open from a QR code. The label names the shop;
 * `spl-token`, the mint of a token payment (USDC), is left out for SOL.
 */
export const SOLANA_PAY_LABEL = 'ORX';

/** `amount`: in the currency's units (SOL, or the token's), as a decimal string. */
export type TransferRequest = { recipient: string; amount: string; splToken?: string; reference: string; message: string; memo: string };

export function solanaPayUrl({ recipient, amount, splToken, reference, message, memo }: TransferRequest): string {
  const query = new URLSearchParams({ amount, ...(splToken ? { 'spl-token': splToken } : {}), reference, label: SOLANA_PAY_LABEL, message, memo });
  // Solana Pay's wallets decode %20, not the '+' URLSearchParams writes for a space.
  return `solana:${recipient}?${query.toString().replace(/\+/g, '%20')}`;
}
