/** Public Solana block explorers, on Devnet like the shop's wallet (SPEC §1, §2). */

export function explorerAddressUrl(address: string): string {
  return `https://explorer.solana.com/address/${encodeURIComponent(address)}?cluster=devnet`;
}

export function solscanTransactionUrl(txHash: string): string {
  return `https://solscan.io/tx/${encodeURIComponent(txHash)}?cluster=devnet`;
}
