import { expect, test } from './support/failure-report';
import type { Page } from '@playwright/test';
import { signIn } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';
import { usdAtStandInRate } from './support/catalog';
import { TEST_WALLET_NAME, TestWallet } from './support/test-wallet';

/** Watches of the demo catalogue (supabase/seed.sql) that no other spec changes. */
const FOR_SALE = { brand: 'Longines', model: 'Spirit Zulu Time 42', priceSol: 24.64 };
const ALSO_FOR_SALE = { brand: 'Rado', model: 'True Square Automatic', priceSol: 16.07 };
const SOLD_OUT = { brand: 'Chopard', model: 'L.U.C 1937 Classic' };

const SHIPPING = {
  'Full Name': 'Ada Lovelace',
  'Phone Number': '+44 20 7946 0000',
  Email: 'ada@example.com',
  'Delivery Address': '12 St James Square, London SW1Y 4JH',
};
const SOL = 1_000_000_000;

/** The watch's card on /watches (searched: a page shows 24 watches), opened without waiting for the page to be interactive. */
async function cardOf(page: Page, model: string) {
  await page.goto(`/watches?q=${encodeURIComponent(model)}`, { waitUntil: 'commit' });
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: model, exact: true }) });
}

async function openPurchase(page: Page, model: string) {
  const card = await cardOf(page, model);
  await card.getByRole('button', { name: 'Buy with SOL' }).click();
  const dialog = page.getByRole('dialog', { name: `Buy the ${model}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function connectFromHeader(page: Page, wallet: TestWallet) {
  await page.getByRole('banner').getByRole('button', { name: 'Select Wallet' }).click();
  await page.getByRole('dialog').getByRole('button', { name: `${TEST_WALLET_NAME} Detected` }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: `${wallet.address.slice(0, 4)}...${wallet.address.slice(-4)}` })).toBeVisible();
}

async function fillShipping(page: Page, values: Partial<typeof SHIPPING> = SHIPPING) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
}

test('without a wallet the dialog offers to connect one, and shows the form once connected', async ({ page }) => {
  const wallet = new TestWallet({ lamports: 100 * SOL });
  await wallet.install(page);
  const dialog = await openPurchase(page, FOR_SALE.model);
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Connect your Solana wallet to purchase' }).click();

  // The wallet modal opens inside the purchase dialog (the innermost of the two dialogs holding
  // its title); Escape closes only the modal.
  const walletModal = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('heading', { name: 'Connect a wallet on Solana to continue' }) })
    .last();
  await expect(walletModal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(walletModal).toBeHidden();
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Connect your Solana wallet to purchase' }).click();
  await walletModal.getByRole('button', { name: `${TEST_WALLET_NAME} Detected` }).click();
  await expect(dialog.getByLabel('Full Name', { exact: true })).toBeVisible();
  for (const label of Object.keys(SHIPPING)) {
    await expect(dialog.getByLabel(label, { exact: true })).toHaveAttribute('required', '');
  }
  await expect(dialog.getByLabel('Full Name', { exact: true })).toHaveAttribute('autocomplete', 'name');
  await expect(dialog.getByLabel('Phone Number', { exact: true })).toHaveAttribute('autocomplete', 'tel');
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveAttribute('autocomplete', 'email');
  await expect(dialog.getByLabel('Delivery Address', { exact: true })).toHaveAttribute('autocomplete', 'street-address');
  await expectNoSeriousA11yViolations(page);
});

test('the form is checked in the order of SPEC §5, then the balance read from the chain', async ({ page }) => {
  const wallet = new TestWallet({ lamports: 12.3456789 * SOL });
  await wallet.install(page);
  await page.goto('/', { waitUntil: 'commit' });
  await connectFromHeader(page, wallet);
  const dialog = await openPurchase(page, ALSO_FOR_SALE.model);
  // The price in SOL, and in USD at the rate the listing showed.
  await expect(dialog).toContainText(`${ALSO_FOR_SALE.priceSol} SOL (${usdAtStandInRate(ALSO_FOR_SALE.priceSol)})`);
  const pay = dialog.getByRole('button', { name: `Pay ${ALSO_FOR_SALE.priceSol} SOL` });
  const message = dialog.getByRole('alert');
  // This shop takes SOL only (no PAYMENT_CURRENCIES): SPEC's dialog, with no choice of currency.
  await expect(dialog.getByRole('radio')).toHaveCount(0);
  await expect(dialog.getByText('USDC')).toHaveCount(0);

  await pay.click();
  await expect(message).toHaveText('Full name is required');
  await fillShipping(page, { 'Full Name': SHIPPING['Full Name'] });
  await pay.click();
  await expect(message).toHaveText('Phone number is required');
  await fillShipping(page, { 'Phone Number': SHIPPING['Phone Number'] });
  await pay.click();
  await expect(message).toHaveText('Valid email is required');
  await fillShipping(page, { Email: 'ada.example.com' });
  await pay.click();
  await expect(message).toHaveText('Valid email is required');
  await fillShipping(page, { Email: SHIPPING.Email });
  await pay.click();
  await expect(message).toHaveText('Delivery address is required');
  await fillShipping(page, { 'Delivery Address': SHIPPING['Delivery Address'] });
  expect(wallet.rpcCalls.filter((call) => call.method === 'getBalance')).toEqual([]);

  await pay.click();
  await expect(message).toHaveText(`Insufficient SOL balance. Required: ${ALSO_FOR_SALE.priceSol} SOL, Available: 12.3457 SOL`);
  expect(wallet.rpcCalls.filter((call) => call.method === 'getBalance').map((call) => call.params[0])).toEqual([wallet.address]);
  // Still the form, with everything typed kept.
  for (const [label, value] of Object.entries(SHIPPING)) await expect(dialog.getByLabel(label, { exact: true })).toHaveValue(value);
  await expectNoSeriousA11yViolations(page);
});

test('a purchase goes through payment to Payment Complete!, and the order is stored once', async ({ page, browser }) => {
  // The simulated payment (3 s) and mint (2 s) run in real time.
  test.setTimeout(90_000);
  const wallet = new TestWallet({ lamports: 30 * SOL });
  await wallet.install(page);
  await page.goto('/', { waitUntil: 'commit' });
  await connectFromHeader(page, wallet);
  const dialog = await openPurchase(page, FOR_SALE.model);
  await fillShipping(page);

  const orderPosted = page.waitForRequest((request) => request.url().endsWith('/api/orders') && request.method() === 'POST');
  await dialog.getByRole('button', { name: `Pay ${FOR_SALE.priceSol} SOL` }).click();
  await expect(page.getByRole('dialog', { name: 'Processing Payment' })).toBeVisible();
  const complete = page.getByRole('dialog', { name: 'Payment Complete!' });
  await expect(complete).toBeVisible({ timeout: 15_000 });

  const txHash = (await complete.getByTestId('transaction-hash').textContent()) ?? '';
  expect(txHash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{88}$/);
  const solscan = complete.getByRole('link', { name: 'View on Solscan' });
  await expect(solscan).toHaveAttribute('href', `https://solscan.io/tx/${txHash}?cluster=devnet`);
  await expect(solscan).toHaveAttribute('target', '_blank');
  await expect(complete.getByRole('alert')).toHaveCount(0);

  // The order webhook data of SPEC §3, as posted.
  const posted = (await orderPosted).postDataJSON() as Record<string, unknown>;
  expect(posted).toMatchObject({
    wallet: wallet.address,
    txHash,
    solAmount: FOR_SALE.priceSol,
    usdAmount: Math.round(FOR_SALE.priceSol * 180.25 * 100) / 100,
    name: SHIPPING['Full Name'],
    phone: SHIPPING['Phone Number'],
    email: SHIPPING.Email,
    address: SHIPPING['Delivery Address'],
    watch: { brand: FOR_SALE.brand, model: FOR_SALE.model },
  });

  // Stored: the operator sees it, and posting it again does not make a second order.
  const admin = await browser.newPage();
  await signIn(admin);
  const orders = async () =>
    ((await (await admin.request.get('/api/admin/orders')).json()) as { orders: { id: string; txHash: string }[] }).orders.filter(
      (order) => order.txHash === txHash,
    );
  const [stored] = await orders();
  expect(stored).toBeDefined();
  const again = await page.request.post('/api/orders', { data: posted });
  expect(again.status()).toBe(200);
  expect(((await again.json()) as { order: { id: string } }).order.id).toBe(stored!.id);
  expect(await orders()).toHaveLength(1);
  // The dialog signed the wallet in first (one message): the order is this wallet's under My Orders.
  expect(wallet.signedMessages).toHaveLength(1);
  const mine = (await (await page.request.get('/api/my-orders')).json()) as { wallet: string; orders: { id: string }[] };
  expect(mine).toMatchObject({ wallet: wallet.address, orders: [expect.objectContaining({ id: stored!.id })] });
  // And the admin panel's Orders view lists it, with its buyer.
  await admin.getByRole('tab', { name: 'Orders' }).click();
  const listed = admin.getByRole('tabpanel', { name: 'Orders' }).getByRole('article', { name: `Order ${txHash}` });
  await expect(listed).toBeVisible();
  await expect(listed).toContainText(SHIPPING['Full Name']);
  await admin.close();

  await complete.getByRole('button', { name: 'Continue Shopping' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'All Watches' })).toBeVisible();
});

test('an order the server cannot store is retried, then reported with its transaction hash', async ({ page }) => {
  // 5 s of payment and mint, then 6 s of retries.
  test.setTimeout(90_000);
  const wallet = new TestWallet({ lamports: 30 * SOL });
  await wallet.install(page);
  let attempts = 0;
  await page.route('**/api/orders', (route) => {
    attempts++;
    return route.fulfill({ status: 503, json: { error: 'The order could not be stored right now. Please try again.' } });
  });
  await page.goto('/', { waitUntil: 'commit' });
  await connectFromHeader(page, wallet);
  const dialog = await openPurchase(page, FOR_SALE.model);
  await fillShipping(page);
  await dialog.getByRole('button', { name: `Pay ${FOR_SALE.priceSol} SOL` }).click();

  const complete = page.getByRole('dialog', { name: 'Payment Complete!' });
  await expect(complete).toBeVisible({ timeout: 25_000 });
  const txHash = (await complete.getByTestId('transaction-hash').textContent()) ?? '';
  await expect(complete.getByRole('alert')).toHaveText(
    `Your payment went through, but we could not record your order. Please contact us with your transaction hash: ${txHash}`,
  );
  expect(attempts).toBe(4);
});

test('an order refused by the rate limit returns to the form with its message, and is not retried', async ({ page }) => {
  test.setTimeout(90_000);
  const wallet = new TestWallet({ lamports: 30 * SOL });
  await wallet.install(page);
  // The e2e server trusts no proxy, so its order limit is one count shared by every client: reaching
  // it for real would hold back the other suites. The route answers what the server answers then.
  const limited = 'Too many orders from your connection in a short time. Nothing was paid or stored. Please try again in 1 minute.';
  let attempts = 0;
  await page.route('**/api/orders', (route) => {
    attempts++;
    return route.fulfill({ status: 429, headers: { 'retry-after': '60' }, json: { error: limited } });
  });
  await page.goto('/', { waitUntil: 'commit' });
  await connectFromHeader(page, wallet);
  const dialog = await openPurchase(page, FOR_SALE.model);
  await fillShipping(page);
  await dialog.getByRole('button', { name: `Pay ${FOR_SALE.priceSol} SOL` }).click();

  await expect(dialog.getByRole('alert')).toHaveText(limited, { timeout: 25_000 });
  await expect(dialog.getByLabel('Full Name', { exact: true })).toHaveValue(SHIPPING['Full Name']);
  await expect(page.getByRole('dialog', { name: 'Payment Complete!' })).toHaveCount(0);
  expect(attempts).toBe(1);
});

test("the detail dialog's and the watch page's Buy with SOL buttons open the purchase too", async ({ page }) => {
  const card = await cardOf(page, ALSO_FOR_SALE.model);
  const watchPage = await card.getByRole('link', { name: ALSO_FOR_SALE.model, exact: true }).getAttribute('href');
  await card.getByRole('heading', { name: ALSO_FOR_SALE.model }).click();
  const detail = page.getByRole('dialog', { name: ALSO_FOR_SALE.model });
  await expect(detail).toBeVisible();
  await detail.getByRole('button', { name: 'Buy with SOL' }).click();
  const purchase = page.getByRole('dialog', { name: `Buy the ${ALSO_FOR_SALE.model}` });
  await expect(purchase).toBeVisible();
  // On top of the detail dialog: its button is the one a click there would hit.
  await purchase.getByRole('button', { name: 'Connect your Solana wallet to purchase' }).click({ trial: true });
  // Escape closes the purchase dialog only: the detail dialog is still there beneath it.
  await page.keyboard.press('Escape');
  await expect(purchase).toBeHidden();
  await expect(detail).toBeVisible();

  await page.goto(watchPage!, { waitUntil: 'commit' });
  await page.getByRole('main').getByRole('button', { name: 'Buy with SOL' }).click();
  await expect(page.getByRole('dialog', { name: `Buy the ${ALSO_FOR_SALE.model}` })).toBeVisible();
});

test('a sold-out watch cannot be bought', async ({ page }) => {
  const card = await cardOf(page, SOLD_OUT.model);
  await expect(card.getByRole('button', { name: 'Buy with SOL' })).toBeDisabled();
  await card.getByRole('button', { name: 'Buy with SOL' }).click({ force: true });
  await expect(page.getByRole('dialog', { name: `Buy the ${SOLD_OUT.model}` })).toHaveCount(0);
});
