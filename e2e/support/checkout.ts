import { expect, type Locator, type Page } from '@playwright/test';
import { Connection, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import { E2E_MERCHANT } from './checkout-keys';
import { LOCAL_CHAIN_URL } from './servers';
import { TEST_WALLET_NAME, type TestWallet } from './test-wallet';

/** What the real-checkout specs share: the local chain, the buyer's steps in the shop. */

export const SHIPPING = {
  'Full Name': 'Ada Lovelace',
  'Phone Number': '+44 20 7946 0000',
  Email: 'ada@example.com',
  'Delivery Address': '12 St James Square, London SW1Y 4JH',
};

export const chain = new Connection(LOCAL_CHAIN_URL, 'confirmed');
export const balance = async (address: PublicKey | string) => BigInt(await chain.getBalance(new PublicKey(address)));

/**
 * What `account` received in one transaction, from the transaction's own balances: the checkout
 * tests run side by side and pay the same merchant, so its balance moves under each of them.
 */
export async function receivedIn(signature: string, account: PublicKey): Promise<bigint> {
  const landed = await chain.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  if (!landed?.meta) throw new Error(`Transaction ${signature} is not on the chain`);
  const index = landed.transaction.message.staticAccountKeys.findIndex((key) => key.equals(account));
  if (index < 0) return 0n;
  return BigInt(landed.meta.postBalances[index]!) - BigInt(landed.meta.preBalances[index]!);
}

/**
 * Transactions naming `address` land `confirmed` and stay so until released: the local chain's
 * stand-in for a cluster that has not finalized them yet (tests/support/local-chain.ts).
 */
export async function holdFinality(address: string, hold: boolean) {
  const response = await fetch(LOCAL_CHAIN_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'orx_holdFinality', params: [address, hold] }),
  });
  expect(((await response.json()) as { error?: unknown }).error).toBeUndefined();
}

export async function fund(address: PublicKey | string, sol: number) {
  await chain.requestAirdrop(new PublicKey(address), sol * LAMPORTS_PER_SOL);
  await expect.poll(() => balance(address)).toBeGreaterThanOrEqual(BigInt(sol * LAMPORTS_PER_SOL));
}

/** The explorers' form of a custom cluster: the local chain's own URL. */
export const onLocalChain = `?cluster=custom&customUrl=${encodeURIComponent(LOCAL_CHAIN_URL)}`;

export async function openPurchase(page: Page, model: string) {
  // Searched: a listing's first page shows 24 watches, in a shuffled order.
  await page.goto(`/watches?q=${encodeURIComponent(model)}`, { waitUntil: 'commit' });
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: model, exact: true }) });
  await card.getByRole('button', { name: 'Buy with SOL' }).click();
  const dialog = page.getByRole('dialog', { name: `Buy the ${model}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

export async function connectWallet(page: Page, wallet: TestWallet) {
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('banner').getByRole('button', { name: 'Select Wallet' }).click();
  await page.getByRole('dialog').getByRole('button', { name: `${TEST_WALLET_NAME} Detected` }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: shortAddress(wallet.address) })).toBeVisible();
}

export const shortAddress = (address: string) => `${address.slice(0, 4)}...${address.slice(-4)}`;

export async function fillShipping(page: Page) {
  for (const [label, value] of Object.entries(SHIPPING)) await page.getByLabel(label, { exact: true }).fill(value);
}

/**
 * The phone path of the purchase dialog for `model`, `wallet` (installed, funded) signed in on the
 * page: the QR dialog once its code is drawn. Nothing is held for a wallet that did not prove
 * itself, so the path waits for the connected wallet, and the shipping form is checked first.
 */
export async function openPhonePayment(page: Page, model: string): Promise<Locator> {
  const dialog = await openPurchase(page, model);
  await expect(dialog.getByRole('button', { name: 'Pay with a phone wallet' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Connect your Solana wallet to purchase' }).click();
  await page.getByRole('dialog').getByRole('button', { name: `${TEST_WALLET_NAME} Detected` }).click();
  await dialog.getByRole('button', { name: 'Pay with a phone wallet' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Full name is required');
  await fillShipping(page);
  await dialog.getByRole('button', { name: 'Pay with a phone wallet' }).click();
  const qrDialog = page.getByRole('dialog', { name: 'Pay with a phone wallet' });
  const qr = qrDialog.getByRole('img', { name: /^Solana Pay QR code: pay [\d.]+ SOL to ORX/ });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await expect(qrDialog.getByRole('status')).toHaveText('Waiting for your payment...');
  return qrDialog;
}

export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

/**
 * The page saw a phone wallet's payment by itself: the success screen names the transaction, which
 * paid the merchant `lamports`, and the certificate is a Token-2022 mint on the chain.
 */
export async function expectPhonePaymentCompleted(page: Page, signature: string, lamports: bigint) {
  const complete = page.getByRole('dialog', { name: 'Payment Complete!' });
  await expect(complete).toBeVisible({ timeout: 30_000 });
  await expect(complete.getByTestId('transaction-hash')).toHaveText(signature);
  expect(await receivedIn(signature, E2E_MERCHANT)).toBe(lamports);
  const mint = (await complete.getByTestId('certificate-mint').textContent()) ?? '';
  expect((await chain.getAccountInfo(new PublicKey(mint)))?.owner.toBase58()).toBe(TOKEN_2022_PROGRAM);
}

/** Connects the wallet and buys a piece of `watch` with SOL: its certificate's mint, once minted, and the payment's signature. */
export async function buyWithWallet(page: Page, wallet: TestWallet, watch: { model: string }): Promise<{ mint: string; signature: string }> {
  await connectWallet(page, wallet);
  const dialog = await openPurchase(page, watch.model);
  await fillShipping(page);
  await dialog.getByRole('button', { name: /^Pay [\d.]+ SOL$/ }).click();
  const complete = page.getByRole('dialog', { name: 'Payment Complete!' });
  await expect(complete).toBeVisible({ timeout: 30_000 });
  const mint = (await complete.getByTestId('certificate-mint').textContent()) ?? '';
  const signature = (await complete.getByTestId('transaction-hash').textContent()) ?? '';
  await expect(complete.getByRole('link', { name: 'Verify the certificate' })).toHaveAttribute('href', `/verify/${mint}`);
  await complete.getByRole('button', { name: 'Continue Shopping' }).click();
  return { mint, signature };
}
