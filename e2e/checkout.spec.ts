import type { Page } from '@playwright/test';
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';
import { signIn } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';
import { SHIPPING, TOKEN_2022_PROGRAM, balance, chain, connectWallet, expectPhonePaymentCompleted, fillShipping, fund, holdFinality, onLocalChain, openPhonePayment, openPurchase, receivedIn } from './support/checkout';
import { expect, test } from './support/shopper';
import { E2E_CERTIFICATE_AUTHORITY, E2E_MERCHANT } from './support/checkout-keys';
import { CHECKOUT_SHOP_URL, LOCAL_CHAIN_URL } from './support/servers';
import { TestWallet } from './support/test-wallet';

/**
 * The real checkout (MERCHANT_WALLET set) against the local chain that stands in for Devnet
 * (tests/support/local-chain.ts: litesvm running the real System, Token-2022 and Memo programs).
 * The test wallet signs for real and sends to that chain; the shop verifies on chain and mints.
 */

/** Watches of the demo catalogue (supabase/seed.sql): each test buys a piece of its own (watchOfItsOwn). */
const WALLET_WATCH = { brand: 'Longines', model: 'Spirit Zulu Time 42', lamports: 24_640_000_000n };
const DECLINED_WATCH = { model: 'True Square Automatic', priceSol: 16.07 };
const PHONE_WATCH = { model: 'Alpine Eagle Large' };
const SIGN_IN_WATCH = { model: 'Captain Cook High-Tech Ceramic', priceSol: 27.5 };
const CONFIRMING_WATCH = { model: 'Club Sport neomatik 42 date', priceSol: 28.71 };
const MEMO_PROGRAM = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

test.beforeAll(async () => {
  // The certificate authority pays each certificate's rent.
  await fund(E2E_CERTIFICATE_AUTHORITY.publicKey, 10);
});

async function adminOrder(page: Page, txHash: string) {
  await signIn(page);
  await page.getByRole('tab', { name: 'Orders' }).click();
  return page.getByRole('tabpanel', { name: 'Orders' }).getByRole('article', { name: `Order ${txHash}` });
}

test('a wallet purchase is paid on chain, verified, certified, and shown with its real signature', async ({ page, browser, watchOfItsOwn }) => {
  test.setTimeout(90_000);
  const watch = await watchOfItsOwn(WALLET_WATCH.model);
  const wallet = new TestWallet({ rpcUrl: LOCAL_CHAIN_URL });
  await fund(wallet.address, 100);
  await wallet.install(page);
  await connectWallet(page, wallet);
  const dialog = await openPurchase(page, watch.model);
  await fillShipping(page);

  await dialog.getByRole('button', { name: 'Pay 24.64 SOL' }).click();
  const processing = page.getByRole('dialog', { name: 'Processing Payment' });
  await expect(processing).toBeVisible();
  const complete = page.getByRole('dialog', { name: 'Payment Complete!' });
  await expect(complete).toBeVisible({ timeout: 30_000 });
  const completedAt = Date.now();

  // The wallet approved once; how long the shop took from there (a figure, not a budget).
  expect(wallet.approvals).toHaveLength(1);
  const elapsed = completedAt - wallet.approvals[0]!;
  test.info().annotations.push({ type: 'wallet approval to Payment Complete!', description: `${elapsed} ms` });
  console.log(`Checkout: wallet approval to 'Payment Complete!' took ${elapsed} ms (local chain)`);

  // The signature is the real one: the chain knows it, as a payment to the merchant.
  const txHash = (await complete.getByTestId('transaction-hash').textContent()) ?? '';
  const landed = await chain.getTransaction(txHash, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  expect(landed?.meta?.err).toBeNull();
  expect(landed?.transaction.message.staticAccountKeys.map((key) => key.toBase58())).toEqual(
    expect.arrayContaining([wallet.address, E2E_MERCHANT.toBase58()]),
  );
  // The merchant received exactly the price.
  expect(await receivedIn(txHash, E2E_MERCHANT)).toBe(WALLET_WATCH.lamports);
  await expect(complete.getByRole('link', { name: 'View on Solscan' })).toHaveAttribute('href', `https://solscan.io/tx/${txHash}${onLocalChain}`);

  // The certificate: a Token-2022 mint on the chain, linked on the explorer.
  const mint = complete.getByTestId('certificate-mint');
  const mintAddress = (await mint.textContent()) ?? '';
  await expect(mint).toHaveAttribute('href', `https://explorer.solana.com/address/${mintAddress}${onLocalChain}`);
  expect((await chain.getAccountInfo(new PublicKey(mintAddress)))?.owner.toBase58()).toBe(TOKEN_2022_PROGRAM);
  await expectNoSeriousA11yViolations(page);

  // The operator sees the order paid, with its amount, signature and certificate.
  const admin = await browser.newPage();
  const order = await adminOrder(admin, txHash);
  await expect(order.getByTestId('order-status')).toHaveText('Paid');
  await expect(order).toContainText('24.64 SOL');
  await expect(order.getByRole('link', { name: txHash })).toHaveAttribute('href', `https://solscan.io/tx/${txHash}${onLocalChain}`);
  await expect(order.getByRole('link', { name: mintAddress })).toHaveAttribute('href', `https://explorer.solana.com/address/${mintAddress}${onLocalChain}`);
  await expect(order).not.toContainText('Refund due');
  await admin.close();

  await complete.getByRole('button', { name: 'Continue Shopping' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a payment received but not final yet shows "Payment received — confirming" to buyer and operator, then completes', async ({ page, browser, watchOfItsOwn }) => {
  test.setTimeout(90_000);
  const watch = await watchOfItsOwn(CONFIRMING_WATCH.model);
  const wallet = new TestWallet({ rpcUrl: LOCAL_CHAIN_URL });
  await fund(wallet.address, 50);
  await wallet.install(page);
  await connectWallet(page, wallet);
  await holdFinality(wallet.address, true);
  try {
    const dialog = await openPurchase(page, watch.model);
    await fillShipping(page);
    await dialog.getByRole('button', { name: `Pay ${CONFIRMING_WATCH.priceSol} SOL` }).click();
    const processing = page.getByRole('dialog', { name: 'Processing Payment' });
    await expect(processing.getByRole('listitem').filter({ hasText: 'Payment received — confirming' })).toHaveAttribute('aria-current', 'step', {
      timeout: 30_000,
    });
    await expect(processing).toContainText('Payment received — confirming. Please keep this window open.');

    // The operator sees the same, and is not offered to ship it.
    const [payment] = await chain.getSignaturesForAddress(new PublicKey(wallet.address), { limit: 1 });
    const admin = await browser.newPage();
    const order = await adminOrder(admin, payment!.signature);
    await expect(order.getByTestId('order-status')).toHaveText('Payment received — confirming');
    await order.getByRole('button', { name: /^Manage order of / }).click();
    const managed = admin.getByRole('dialog', { name: /^Order: / });
    await expect(managed.getByTestId('order-dialog-status')).toHaveText('Payment received — confirming');
    await expect(managed.getByText('No changes yet')).toBeVisible();
    await expect(managed.getByRole('button', { name: 'Mark as Shipped' })).toHaveCount(0);
    await expect(managed.getByRole('region', { name: 'Refunds' })).toContainText('The payment is not final yet: the network is still confirming it.');
    await expect(managed.getByRole('button', { name: 'Open refund' })).toHaveCount(0);
    await admin.close();
  } finally {
    await holdFinality(wallet.address, false);
  }
  const complete = page.getByRole('dialog', { name: 'Payment Complete!' });
  await expect(complete).toBeVisible({ timeout: 30_000 });
  await expect(complete.getByTestId('certificate-mint')).toBeVisible();
});

test('a payment declined in the wallet returns to the form, and nothing is paid', async ({ page, watchOfItsOwn }) => {
  const watch = await watchOfItsOwn(DECLINED_WATCH.model);
  const wallet = new TestWallet({ rpcUrl: LOCAL_CHAIN_URL });
  await fund(wallet.address, 50);
  wallet.declineTransactions = true;
  await wallet.install(page);
  await connectWallet(page, wallet);
  const dialog = await openPurchase(page, watch.model);
  await fillShipping(page);
  const buyerBefore = await balance(wallet.address);

  // The page gives the intent up with its wallet's cookie: only that wallet (or staff) may.
  const cancelled = page.waitForResponse((response) => /\/api\/payments\/[^/]+\/cancel$/.test(new URL(response.url()).pathname));
  await dialog.getByRole('button', { name: `Pay ${DECLINED_WATCH.priceSol} SOL` }).click();
  await expect(dialog.getByRole('alert')).toHaveText('You declined the payment in your wallet. Nothing was paid.');
  const cancel = await cancelled;
  expect(cancel.status()).toBe(200);
  expect(await cancel.json()).toMatchObject({ status: 'failed' });
  for (const [label, value] of Object.entries(SHIPPING)) await expect(dialog.getByLabel(label, { exact: true })).toHaveValue(value);
  expect(wallet.approvals).toEqual([]);
  expect(await balance(wallet.address)).toBe(buyerBefore);

  // The buyer changes their mind: the same form pays.
  wallet.declineTransactions = false;
  await dialog.getByRole('button', { name: `Pay ${DECLINED_WATCH.priceSol} SOL` }).click();
  const complete = page.getByRole('dialog', { name: 'Payment Complete!' });
  await expect(complete).toBeVisible({ timeout: 30_000 });
  expect(await receivedIn((await complete.getByTestId('transaction-hash').textContent()) ?? '', E2E_MERCHANT)).toBe(16_070_000_000n);
});

test('without a signed-in wallet nothing is held: a sign-in declined returns to the form, and the shop refuses a bare request', async ({ page, watchOfItsOwn }) => {
  test.setTimeout(90_000);
  const watch = await watchOfItsOwn(SIGN_IN_WATCH.model);
  const wallet = new TestWallet({ rpcUrl: LOCAL_CHAIN_URL });
  await fund(wallet.address, 50);
  wallet.declineMessages = true;
  await wallet.install(page);
  await connectWallet(page, wallet);
  const dialog = await openPurchase(page, watch.model);
  await fillShipping(page);

  await dialog.getByRole('button', { name: `Pay ${SIGN_IN_WATCH.priceSol} SOL` }).click();
  await expect(dialog.getByRole('alert')).toHaveText('You declined the sign-in in your wallet. Nothing was shared.');
  for (const [label, value] of Object.entries(SHIPPING)) await expect(dialog.getByLabel(label, { exact: true })).toHaveValue(value);
  expect(wallet.approvals).toEqual([]);

  // The same request without the session the dialog would have made: refused, with the reason.
  const watchId = await page.evaluate(async (model) => {
    const response = await fetch(`/api/watches?q=${encodeURIComponent(model)}`);
    return ((await response.json()) as { watches: { id: string }[] }).watches[0]!.id;
  }, watch.model);
  const bare = await page.request.post('/api/payments', {
    data: { watchId, wallet: wallet.address, shipping: { fullName: 'A', phone: '1', email: 'a@example.com', address: 'B' } },
  });
  expect(bare.status()).toBe(401);
  expect(await bare.json()).toEqual({
    error: 'Sign in with your wallet to buy: the watch is held for you while you pay. Signing costs nothing and moves no SOL.',
    code: 'SIGN_IN_REQUIRED',
  });

  // The buyer signs this time: one sign-in, then the payment, as usual.
  wallet.declineMessages = false;
  await dialog.getByRole('button', { name: `Pay ${SIGN_IN_WATCH.priceSol} SOL` }).click();
  await expect(page.getByRole('dialog', { name: 'Payment Complete!' })).toBeVisible({ timeout: 30_000 });
  expect(wallet.signedMessages).toHaveLength(1);
  expect(wallet.approvals).toHaveLength(1);
});

test('a phone wallet pays the Solana Pay QR code for the wallet signed in here, and the page completes by itself', async ({ page, watchOfItsOwn }) => {
  test.setTimeout(90_000);
  const watch = await watchOfItsOwn(PHONE_WATCH.model);
  // The wallet in this browser proves who holds the watch, and has the SOL for it (nothing is held
  // for a wallet that could not pay); the phone pays.
  const wallet = new TestWallet({ rpcUrl: LOCAL_CHAIN_URL });
  await fund(wallet.address, 5000);
  await wallet.install(page);
  const qrDialog = await openPhonePayment(page, watch.model);
  // The code is a transaction request (issue 54); the transfer request stays, one press away, for
  // wallets that read only codes carrying the amount: this phone wallet is one of them.
  const transactionRequest = qrDialog.getByRole('link', { name: 'Open in a wallet app' });
  await qrDialog.getByText('Wallet cannot scan this?').click();
  const transferQr = qrDialog.getByRole('img', { name: /^Solana Pay transfer request QR code: pay [\d.]+ SOL to ORX/ });
  await expect.poll(() => transferQr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const url = (await qrDialog.getByRole('link', { name: 'Open as a transfer request' }).getAttribute('href')) ?? '';
  expect(url).toMatch(/^solana:/);
  // Both pay the same order: the transfer request's memo is its id.
  const orderId = new URL(url).searchParams.get('memo') ?? '';
  await expect(transactionRequest).toHaveAttribute('href', `solana:${new URL(CHECKOUT_SHOP_URL).origin}/api/pay/${orderId}`);
  await expectNoSeriousA11yViolations(page);
  expect(wallet.signedMessages).toHaveLength(1);
  expect(wallet.signedMessages[0]).toContain(`wants you to sign in with your Solana account:\n${wallet.address}\n`);

  // The phone wallet: another process reads the transfer request and pays it on the chain.
  const phone = Keypair.generate();
  await fund(phone.publicKey, 200);
  const { signature, lamports } = await payTransferRequest(url, phone);

  await expectPhonePaymentCompleted(page, signature, lamports);
});

/** What a phone wallet does with a Solana Pay transfer request URL (solana:<recipient>?amount=…&reference=…&memo=…). */
async function payTransferRequest(url: string, payer: Keypair) {
  const request = new URL(url);
  const recipient = new PublicKey(request.pathname);
  const [whole, fraction = ''] = request.searchParams.get('amount')!.split('.');
  const lamports = BigInt(whole!) * 1_000_000_000n + BigInt(fraction.padEnd(9, '0'));
  const transfer = SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports });
  for (const reference of request.searchParams.getAll('reference')) {
    transfer.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
  }
  const transaction = new Transaction({ feePayer: payer.publicKey, ...(await chain.getLatestBlockhash()) });
  const memo = request.searchParams.get('memo');
  if (memo) transaction.add(new TransactionInstruction({ programId: MEMO_PROGRAM, keys: [], data: Buffer.from(memo, 'utf8') }));
  transaction.add(transfer);
  transaction.sign(payer);
  const signature = await chain.sendRawTransaction(transaction.serialize());
  return { signature, lamports };
}
