import { expect, it } from 'vitest';
import { shortAddress } from '@/lib/wallet/address';
import { explorerAddressUrl, solscanTransactionUrl } from '@/lib/wallet/explorer';

const address = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const signature = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
const devnet = { cluster: 'devnet', rpcUrl: 'https://api.devnet.solana.com' } as const;

it('shortens an address to its first 4 and last 4 characters (SPEC §9)', () => {
  expect(shortAddress(address)).toBe('9xQe...VFin');
});

it('leaves a text of 8 characters or fewer whole', () => {
  expect(shortAddress('12345678')).toBe('12345678');
});

it("links an address to its account page on Solana's Devnet explorer", () => {
  expect(explorerAddressUrl(address, devnet)).toBe(`https://explorer.solana.com/address/${address}?cluster=devnet`);
});

it('links a transaction hash to Solscan on Devnet', () => {
  expect(solscanTransactionUrl(signature, devnet)).toBe(`https://solscan.io/tx/${signature}?cluster=devnet`);
});

it('names the cluster the configured RPC endpoint serves', () => {
  expect(solscanTransactionUrl(signature, { cluster: 'testnet', rpcUrl: 'https://api.testnet.solana.com' })).toBe(
    `https://solscan.io/tx/${signature}?cluster=testnet`,
  );
  // Mainnet is both explorers' default: no cluster parameter.
  expect(explorerAddressUrl(address, { cluster: 'mainnet-beta', rpcUrl: 'https://api.mainnet-beta.solana.com' })).toBe(
    `https://explorer.solana.com/address/${address}`,
  );
});

it('hands any other endpoint (a local chain) to the explorers as a custom cluster', () => {
  const local = { cluster: 'custom', rpcUrl: 'http://127.0.0.1:14100/' } as const;
  expect(solscanTransactionUrl(signature, local)).toBe(
    `https://solscan.io/tx/${signature}?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A14100%2F`,
  );
  expect(explorerAddressUrl(address, local)).toBe(
    `https://explorer.solana.com/address/${address}?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A14100%2F`,
  );
});
