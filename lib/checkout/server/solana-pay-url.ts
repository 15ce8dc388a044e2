/**
 * A Solana Pay transfer request URL (solana:<recipient>?amount=…&reference=…&label=…&message=…
 * &memo=…), which phone wallets open from a QR code. The label names the shop.
 */
export const SOLANA_PAY_LABEL = 'ORX';

export type TransferRequest = { recipient: string; amountSol: string; reference: string; message: string; memo: string };

export function solanaPayUrl({ recipient, amountSol, reference, message, memo }: TransferRequest): string {
  const query = new URLSearchParams({ amount: amountSol, reference, label: SOLANA_PAY_LABEL, message, memo });
  // Solana Pay's wallets decode %20, not the '+' URLSearchParams writes for a space.
  return `solana:${recipient}?${query.toString().replace(/\+/g, '%20')}`;
}
