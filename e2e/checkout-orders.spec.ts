import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { E2E_CERTIFICATE_AUTHORITY } from './support/checkout-keys';
import { CHECKOUT_SHOP_URL, LOCAL_CHAIN_URL } from './support/servers';
import { buyWithWallet, connectWallet, fund, shortAddress } from './support/checkout';
import { expect, test } from './support/shopper';
import { TEST_WALLET_NAME, TestWallet } from './support/test-wallet';

/**
 * The buyer's side after a real purchase on the local chain: Sign-In With Solana, My Orders, and
 * the certificate's verification page, with the test wallet signing for real.
 */

/** A watch of the demo catalogue, of which the test buys a piece of its own (watchOfItsOwn). */
const WATCH = { brand: 'Tudor', model: 'Black Bay Fifty-Eight' };

/** My Orders from the connected wallet's dropdown. */
async function openMyOrders(page: Page, wallet: TestWallet) {
  await page.getByRole('banner').getByRole('button', { name: shortAddress(wallet.address) }).click();
  await page.getByRole('menuitem', { name: 'My Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
}

/** My Orders, then the sign-in the page asks for. */
async function signInToMyOrders(page: Page, wallet: TestWallet) {
  await openMyOrders(page, wallet);
  await page.getByRole('button', { name: 'Sign in with your wallet' }).click();
  await expect(page.getByTestId('signed-in-wallet')).toHaveText(wallet.address);
}

test.beforeAll(async () => {
  await fund(E2E_CERTIFICATE_AUTHORITY.publicKey, 10);
});

test('a buyer signs in, sees the order and its certificate, and the certificate verifies as genuine with this wallet as holder', async ({ page, browser, watchOfItsOwn }) => {
  test.setTimeout(120_000);
  const watch = await watchOfItsOwn(WATCH.model);
  const wallet = new TestWallet({ rpcUrl: LOCAL_CHAIN_URL });
  await fund(wallet.address, 5000);
  await wallet.install(page);
  const { mint } = await buyWithWallet(page, wallet, watch);

  // The purchase signed the wallet in (to hold the watch): My Orders needs no second signature.
  await openMyOrders(page, wallet);
  await expect(page.getByTestId('signed-in-wallet')).toHaveText(wallet.address);
  expect(wallet.signedMessages).toHaveLength(1);
  // The wallet signed this shop's Sign-In With Solana message (through its signIn feature).
  expect(wallet.signedMessages.at(-1)).toMatch(new RegExp(`^${new URL(CHECKOUT_SHOP_URL).host.replaceAll('.', '\\.')} wants you to sign in with your Solana account:\\n${wallet.address}\\n`));
  const order = page.getByTestId('buyer-order').filter({ hasText: watch.model });
  await expect(order).toHaveCount(1);
  await expect(order.getByTestId('buyer-order-status')).toHaveText('Paid');
  await expect(order.getByRole('link', { name: mint })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await order.getByRole('link', { name: 'Verify the certificate' }).click();
  await expect(page).toHaveURL(new RegExp(`/verify/${mint}$`));
  await expect(page.getByRole('heading', { name: 'Genuine ORX certificate' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(`${WATCH.brand} ${watch.model}`, { exact: true })).toBeVisible();
  await expect(page.getByTestId('certificate-holder')).toHaveText(wallet.address);
  await expectNoSeriousA11yViolations(page);

  // Another wallet, signed in, sees nothing of the first one's orders: not on the page, not in the API.
  const other = new TestWallet({ rpcUrl: LOCAL_CHAIN_URL });
  const otherPage = await browser.newPage({ baseURL: CHECKOUT_SHOP_URL });
  await other.install(otherPage);
  await connectWallet(otherPage, other);
  await signInToMyOrders(otherPage, other);
  await expect(otherPage.getByText('This wallet has no orders yet.')).toBeVisible();
  await expect(otherPage.getByRole('main')).not.toContainText(mint);
  const api = await otherPage.request.get('/api/my-orders');
  expect(await api.json()).toEqual({ wallet: other.address, orders: [] });
  expect(JSON.stringify(await (await page.request.get('/api/my-orders')).json())).toContain(mint);

  // Sign out: the session ends, the page asks to sign in again.
  await otherPage.getByRole('button', { name: 'Sign out' }).click();
  await expect(otherPage.getByRole('button', { name: 'Sign in with your wallet' })).toBeVisible();
  expect((await otherPage.request.get('/api/my-orders')).status()).toBe(401);
  await otherPage.close();

  // Disconnecting the wallet in the header ends its session too, from any page of the shop.
  await page.getByRole('banner').getByRole('button', { name: shortAddress(wallet.address) }).click();
  await page.getByRole('menuitem', { name: 'Disconnect' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: shortAddress(wallet.address) })).toHaveCount(0);
  await expect.poll(async () => (await page.request.get('/api/my-orders')).status()).toBe(401);
  await page.goto('/orders');
  await expect(page.getByRole('button', { name: 'Sign in with your wallet' })).toBeVisible();
});

test('a wallet without Sign In With Solana signs the same message with signMessage, and the sign-in holds', async ({ page }) => {
  const wallet = new TestWallet({ rpcUrl: LOCAL_CHAIN_URL, signIn: false });
  await wallet.install(page);
  await page.goto('/orders', { waitUntil: 'commit' });
  // What the wallet offers, asked the way an app does (the Wallet Standard's app-ready event).
  const features = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const register = (registered: { features: object }) => {
          resolve(Object.keys(registered.features));
          return () => {};
        };
        window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: { register } }));
      }),
  );
  expect(features).toContain('solana:signMessage');
  expect(features).not.toContain('solana:signIn');

  await page.getByRole('button', { name: 'Sign in with your wallet' }).click();
  await page.getByRole('dialog').getByRole('button', { name: `${TEST_WALLET_NAME} Detected` }).click();
  await expect(page.getByTestId('signed-in-wallet')).toHaveText(wallet.address);
  expect(wallet.signedMessages).toHaveLength(1);
  expect(wallet.signedMessages[0]).toMatch(new RegExp(`^${new URL(CHECKOUT_SHOP_URL).host.replaceAll('.', '\\.')} wants you to sign in with your Solana account:\\n${wallet.address}\\n`));
  const myOrders = await page.request.get('/api/my-orders');
  expect(myOrders.status()).toBe(200);
});
