import { PublicKey } from '@solana/web3.js';
import { signIn } from './support/admin';
import { E2E_ADMIN } from './support/admin-credentials';
import { expectNoSeriousA11yViolations } from './support/axe';
import { E2E_CERTIFICATE_AUTHORITY } from './support/checkout-keys';
import { buyWithWallet, chain, fund, onLocalChain, receivedIn } from './support/checkout';
import { CHECKOUT_SHOP_URL, LOCAL_CHAIN_URL } from './support/servers';
import { expect, test } from './support/shopper';
import { TEST_WALLET_NAME, TestWallet } from './support/test-wallet';

/**
 * Issue 51, refunds on chain, on the production build: the operator opens a refund of part of a
 * real payment and pays it from a wallet connected in the admin; the shop records it sent only once
 * the chain shows the transfer. It runs on the checkout shop, the one that takes real payments on
 * the local chain and signs its owner in with the second factor (this spec's name puts it in the
 * admin project, whose own shop takes no payment). Each test is a shopper of its own there
 * (e2e/support/shopper.ts), buying a piece of its own.
 */

test.use({ baseURL: CHECKOUT_SHOP_URL });

/** A watch of the demo catalogue (16 SOL), of which the test buys a piece of its own. */
const WATCH = { model: 'Tangente 38' };
const REFUND = { amount: '2.5', lamports: 2_500_000_000n, left: '13.5' };

test.beforeAll(async () => {
  await fund(E2E_CERTIFICATE_AUTHORITY.publicKey, 10);
});

test('the operator opens a partial refund and pays it from a connected wallet; the buyer sees it under My Orders', async ({ page, browser, watchOfItsOwn }) => {
  test.setTimeout(150_000);
  const watch = await watchOfItsOwn(WATCH.model, CHECKOUT_SHOP_URL);

  // The buyer pays for the watch with their wallet, on chain.
  const buyer = new TestWallet({ rpcUrl: LOCAL_CHAIN_URL });
  await fund(buyer.address, 100);
  await buyer.install(page);
  const { signature: payment } = await buyWithWallet(page, buyer, watch);

  // The operator, with the shop's funds in a wallet of their own, finds the order by its signature.
  const merchant = new TestWallet({ rpcUrl: LOCAL_CHAIN_URL });
  await fund(merchant.address, 10);
  // A context of its own (axe needs one), with this test's client address like every context of it.
  const operator = await browser.newContext();
  const admin = await operator.newPage();
  await merchant.install(admin);
  await signIn(admin, `${CHECKOUT_SHOP_URL}/admin`);
  await admin.getByRole('tab', { name: 'Orders' }).click();
  const panel = admin.getByRole('tabpanel', { name: 'Orders' });
  await panel.getByLabel('Name, e-mail or signature').fill(payment);
  await panel.getByRole('button', { name: 'Search' }).click();
  const card = panel.getByRole('article', { name: `Order ${payment}` });
  await expect(card.getByTestId('order-status')).toHaveText('Paid');
  await card.getByRole('button', { name: /^Manage order of / }).click();
  const dialog = admin.getByRole('dialog', { name: /^Order: / });
  const refunds = dialog.getByRole('region', { name: 'Refunds' });
  await expect(refunds.getByText('No refunds yet')).toBeVisible();
  await expect(refunds.getByText('Up to 16 SOL is left to refund, to the wallet that paid.')).toBeVisible();

  // The form says what is missing, next to its field.
  const amount = refunds.getByLabel('Amount in SOL');
  const reason = refunds.getByLabel('Reason');
  await amount.fill(REFUND.amount);
  await refunds.getByRole('button', { name: 'Open refund' }).click();
  await expect(refunds.getByRole('alert')).toHaveText('A reason is required to refund an order');
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toBeFocused();
  await reason.fill('The strap arrived scratched');
  await refunds.getByRole('button', { name: 'Open refund' }).click();

  // The refund waits for its transfer, to the wallet that paid, with the request that pays it.
  const refund = refunds.getByRole('listitem', { name: `Refund of ${REFUND.amount} SOL` });
  await expect(refund.getByTestId('refund-state')).toHaveText('Waiting for the transfer');
  await expect(refund).toContainText(`Opened by ${E2E_ADMIN.username}`);
  await expect(refund).toContainText('Reason: The strap arrived scratched');
  await expect(refund.getByTestId('refund-recipient')).toHaveText(buyer.address);
  const qr = refund.getByRole('img', { name: `Solana Pay QR code: refund ${REFUND.amount} SOL to the buyer's wallet ${buyer.address}` });
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const request = new URL((await refund.getByRole('link', { name: 'Open in a wallet app' }).getAttribute('href')) ?? '');
  expect(request.protocol).toBe('solana:');
  expect(request.pathname).toBe(buyer.address);
  expect(request.searchParams.get('amount')).toBe(REFUND.amount);
  const reference = new PublicKey(request.searchParams.get('reference') ?? '');
  await expect(refunds.getByText(`Up to ${REFUND.left} SOL is left to refund, to the wallet that paid.`)).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  // The wallet modal opens inside the order's dialog; Escape closes it and leaves the dialog open.
  const pay = refund.getByRole('button', { name: 'Pay with a connected wallet' });
  const walletModal = admin.getByRole('dialog', { name: 'Connect a wallet on Solana to continue' });
  await pay.click();
  await expect(walletModal.getByRole('button', { name: `${TEST_WALLET_NAME} Detected` })).toBeFocused();
  await admin.keyboard.press('Escape');
  await expect(walletModal).toHaveCount(0);
  await expect(refund.getByRole('alert')).toHaveText('No wallet was connected: nothing was sent.');
  await expect(dialog).toBeVisible();

  // Declined in the wallet: nothing is sent, the refund still waits.
  merchant.declineTransactions = true;
  await pay.click();
  await walletModal.getByRole('button', { name: `${TEST_WALLET_NAME} Detected` }).click();
  await expect(refund.getByRole('alert')).toHaveText('The transfer was declined in the wallet: nothing was sent.');
  await expect(refund.getByTestId('refund-state')).toHaveText('Waiting for the transfer');
  expect(merchant.approvals).toHaveLength(0);
  expect(await chain.getSignaturesForAddress(reference)).toEqual([]);

  // Approved: the connected wallet sends it, and the dialog shows it sent once the chain does.
  merchant.declineTransactions = false;
  await pay.click();
  await expect(refund.getByTestId('refund-state')).toHaveText('Sent', { timeout: 30_000 });
  expect(merchant.approvals).toHaveLength(1);
  await expect(refunds.getByRole('status').filter({ hasText: `The refund of ${REFUND.amount} SOL was sent.` })).toBeVisible();
  await expect(dialog.getByTestId('order-dialog-status')).toHaveText('Partially refunded');
  const transfer = refund.getByTestId('refund-signature');
  const signature = (await transfer.textContent()) ?? '';
  await expect(transfer).toHaveAttribute('href', `https://solscan.io/tx/${signature}${onLocalChain}`);
  expect((await chain.getSignaturesForAddress(reference)).map((each) => each.signature)).toEqual([signature]);
  // The buyer's wallet received exactly the refund, from the merchant's.
  expect(await receivedIn(signature, new PublicKey(buyer.address))).toBe(REFUND.lamports);
  await expect(refund.getByRole('button', { name: 'Pay with a connected wallet' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByTestId('order-status')).toHaveText('Partially refunded');
  await operator.close();

  // The buyer sees the refund under My Orders, with its transaction.
  await page.goto('/orders');
  const order = page.getByTestId('buyer-order').filter({ hasText: watch.model });
  await expect(order.getByTestId('buyer-order-status')).toHaveText('Partially refunded');
  const refunded = order.getByTestId('buyer-refund');
  await expect(refunded).toHaveCount(1);
  await expect(refunded).toContainText(`Refunded ${REFUND.amount} SOL`);
  await expect(refunded.getByRole('link', { name: signature })).toHaveAttribute('href', `https://solscan.io/tx/${signature}${onLocalChain}`);
  await expectNoSeriousA11yViolations(page);
});
