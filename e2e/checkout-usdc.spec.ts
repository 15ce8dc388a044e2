import type { Page } from '@playwright/test';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey, type TokenBalance } from '@solana/web3.js';
import { fundTokens } from '../tests/support/chain-payments';
import { chain, connectWallet, fillShipping, fund, openPurchase } from './support/checkout';
import { E2E_CERTIFICATE_AUTHORITY, E2E_MERCHANT, E2E_USDC_AUTHORITY, E2E_USDC_MINT } from './support/checkout-keys';
import { LOCAL_CHAIN_URL, STAND_IN_SOL_PRICE } from './support/servers';
import { expect, test } from './support/shopper';
import { TestWallet } from './support/test-wallet';

/**
 * Issue 38: the checkout shop takes USDC as well (PAYMENT_CURRENCIES=SOL,USDC), in the run's own
 * 6-decimal mint on the local chain (e2e/support/usdc-mint.ts). The test wallet holds that USDC
 * and pays through the dialog as a buyer would.
 */

/** Watches of the demo catalogue, of which each test buys a piece of its own (watchOfItsOwn). */
const USDC_WATCH = { model: 'Pelagos 39', priceSol: 35.36 };
const SHORT_WATCH = { model: 'Carrera Chronograph Glassbox', priceSol: 47.5 };
const usdOf = (priceSol: number) => (Math.round(priceSol * STAND_IN_SOL_PRICE * 100) / 100).toFixed(2);
const USDC = 1_000_000n;

/** A buyer's test wallet holding `sol` and `usdc`, connected, with the purchase dialog of `model` open and filled in. */
async function buyerAtTheForm(page: Page, { sol, usdc, model }: { sol: number; usdc: bigint; model: string }) {
  const wallet = new TestWallet({ rpcUrl: LOCAL_CHAIN_URL });
  await fund(wallet.address, sol);
  await fundTokens(chain, { mint: E2E_USDC_MINT.publicKey, authority: E2E_USDC_AUTHORITY, owner: new PublicKey(wallet.address), amount: usdc * USDC });
  await wallet.install(page);
  await connectWallet(page, wallet);
  const dialog = await openPurchase(page, model);
  await fillShipping(page);
  return { wallet, dialog };
}

test.beforeAll(async () => {
  // The USDC authority pays for the buyers' token accounts, the certificate authority for each certificate.
  await fund(E2E_USDC_AUTHORITY.publicKey, 5);
  await fund(E2E_CERTIFICATE_AUTHORITY.publicKey, 10);
});

test('a wallet pays in USDC through the dialog: exactly the USDC asked reaches the shop, and the watch is certified', async ({ page, watchOfItsOwn }) => {
  test.setTimeout(90_000);
  const watch = await watchOfItsOwn(USDC_WATCH.model);
  // SOL for the fee and the shop's token account; the price in USDC.
  const { dialog } = await buyerAtTheForm(page, { sol: 1, usdc: 6_000n, model: watch.model });

  const usd = usdOf(USDC_WATCH.priceSol);
  const payIn = dialog.getByRole('group', { name: 'Pay in' });
  await expect(payIn.getByRole('radio', { name: `Pay with SOL ${USDC_WATCH.priceSol} SOL` })).toBeChecked();
  await payIn.getByRole('radio', { name: `Pay with USDC ${usd} USDC` }).check();
  await dialog.getByRole('button', { name: `Pay ${usd} USDC` }).click();
  const complete = page.getByRole('dialog', { name: 'Payment Complete!' });
  await expect(complete).toBeVisible({ timeout: 30_000 });
  await expect(complete.getByTestId('certificate-mint')).toBeVisible();

  // The shop's token account for the mint received exactly the USD value shown, in USDC.
  const txHash = (await complete.getByTestId('transaction-hash').textContent()) ?? '';
  const landed = await chain.getTransaction(txHash, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  const shopAccount = getAssociatedTokenAddressSync(E2E_USDC_MINT.publicKey, E2E_MERCHANT, true).toBase58();
  const keys = landed!.transaction.message.staticAccountKeys.map((key) => key.toBase58());
  const balanceOf = (balances: TokenBalance[] | null | undefined) =>
    BigInt(balances?.find((balance) => keys[balance.accountIndex] === shopAccount)?.uiTokenAmount.amount ?? '0');
  const received = balanceOf(landed!.meta!.postTokenBalances) - balanceOf(landed!.meta!.preTokenBalances);
  expect(received).toBe(BigInt(Math.round(Number(usd) * 100)) * 10_000n);
});

test('the balance check speaks USDC when the buyer pays in USDC', async ({ page, watchOfItsOwn }) => {
  const watch = await watchOfItsOwn(SHORT_WATCH.model);
  const { wallet, dialog } = await buyerAtTheForm(page, { sol: 100, usdc: 1n, model: watch.model });
  const usd = usdOf(SHORT_WATCH.priceSol);
  await dialog.getByRole('radio', { name: `Pay with USDC ${usd} USDC` }).check();
  await dialog.getByRole('button', { name: `Pay ${usd} USDC` }).click();
  // Plenty of SOL does not pay a USDC purchase.
  await expect(dialog.getByRole('alert')).toHaveText(`Insufficient USDC balance. Required: ${usd} USDC, Available: 1.00 USDC`);
  expect(wallet.approvals).toHaveLength(0);
});
