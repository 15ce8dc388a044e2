import { expect, it } from 'vitest';
import { shortAddress } from '@/lib/wallet/address';
import { explorerAddressUrl, solscanTransactionUrl } from '@/lib/wallet/explorer';

const address = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

it('shortens an address to its first 4 and last 4 characters (SPEC §9)', () => {
  expect(shortAddress(address)).toBe('9xQe...VFin');
});

it('leaves a text of 8 characters or fewer whole', () => {
  expect(shortAddress('12345678')).toBe('12345678');
});

it("links an address to its account page on Solana's Devnet explorer", () => {
  expect(explorerAddressUrl(address)).toBe(`https://explorer.solana.com/address/${address}?cluster=devnet`);
});

it('links a transaction hash to Solscan on Devnet', () => {
  expect(solscanTransactionUrl('5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW')).toBe(
    'https://solscan.io/tx/5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW?cluster=devnet',
  );
});
