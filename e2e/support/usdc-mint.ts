import { Connection, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { createTestMint } from '../../tests/support/chain-payments';
import { E2E_USDC_AUTHORITY, E2E_USDC_MINT } from './checkout-keys';
import { LOCAL_CHAIN_URL } from './servers';

/**
 * Makes the end-to-end run's USDC on the local chain before the checkout shop starts: the shop
 * checks at start that USDC_MINT is a mint of 6 decimals there. Run by the Playwright config;
 * once per chain (a mint already there is left as it is).
 */
async function main() {
  const chain = new Connection(LOCAL_CHAIN_URL, 'confirmed');
  if (await chain.getAccountInfo(E2E_USDC_MINT.publicKey)) return;
  await chain.requestAirdrop(E2E_USDC_AUTHORITY.publicKey, LAMPORTS_PER_SOL);
  while ((await chain.getBalance(E2E_USDC_AUTHORITY.publicKey)) < LAMPORTS_PER_SOL) await new Promise((resolve) => setTimeout(resolve, 50));
  await createTestMint(chain, E2E_USDC_AUTHORITY, 6, E2E_USDC_MINT);
}

main().catch((error: unknown) => {
  console.error('The e2e USDC mint could not be made', error);
  process.exit(1);
});
