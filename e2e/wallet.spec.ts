import { expect, test } from './support/failure-report';
import type { Page } from '@playwright/test';
import { WALLET_CONNECT_TIMEOUT_MS } from '@/lib/wallet/constants';
import { TEST_WALLET_NAME, TestWallet, verifySignature } from './support/test-wallet';

const short = (address: string) => `${address.slice(0, 4)}...${address.slice(-4)}`;
const header = (page: Page) => page.getByRole('banner');
/** The wallet modal with a wallet installed, named by its title. */
const walletModal = (page: Page) => page.getByRole('dialog', { name: 'Connect a wallet on Solana to continue' });
/** The wallet modal with none installed. */
const noWalletModal = (page: Page) => page.getByRole('dialog', { name: "You'll need a wallet on Solana to continue" });

/** Opens a page and returns as its first bytes arrive: the tests press at once, as a person does. */
async function open(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit' });
}

async function connect(page: Page, wallet: TestWallet) {
  await open(page, '/');
  await header(page).getByRole('button', { name: 'Select Wallet' }).click();
  await walletModal(page).getByRole('button', { name: `${TEST_WALLET_NAME} Detected` }).click();
  await expect(header(page).getByRole('button', { name: short(wallet.address) })).toBeVisible();
}

test('the wallet code is not part of the first load; it arrives when the wallet control is used', async ({ page }) => {
  // Each script's text is read as it arrives, and every read is awaited before the scripts are
  // counted: the modal can show before the handler of the response that brought it has finished.
  const reads: Promise<string | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    reads.push(response.text().then((text) => (text.includes('WalletNotReadyError') ? response.url() : null), () => null));
  });
  const walletScripts = async () => (await Promise.all(reads)).filter((url) => url !== null);
  await open(page, '/');
  // This test's subject is the first load itself, so it waits for all of it before the press.
  await page.waitForLoadState('load');
  expect(await walletScripts()).toEqual([]);

  await header(page).getByRole('button', { name: 'Select Wallet' }).click();
  await expect(noWalletModal(page)).toBeVisible();
  await expect.poll(async () => (await walletScripts()).length).toBeGreaterThan(0);
});

test('a press begun as the wallet code arrives still opens the modal: the button under the pointer stays in place', async ({ page }) => {
  await open(page, '/');
  const button = header(page).getByRole('button', { name: 'Select Wallet' });
  // The pointer's arrival fetches the wallet code; the press goes down before it has arrived and
  // comes up after it has run.
  const walletCodeArrived = page.waitForResponse((response) => response.url().endsWith('/api/wallet-config'));
  await button.hover();
  await page.mouse.down();
  await walletCodeArrived;
  await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
  await page.mouse.up();
  await expect(noWalletModal(page)).toBeVisible();
});

test('the wallet modal lists a Wallet Standard wallet as Detected, traps focus and closes on Escape', async ({ page }) => {
  const wallet = new TestWallet({ lamports: 0 });
  await wallet.install(page);
  await open(page, '/');
  await header(page).getByRole('button', { name: 'Select Wallet' }).click();

  const modal = walletModal(page);
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('heading', { level: 1 })).toHaveText('Connect a wallet on Solana to continue');
  // The installed wallet is listed first; the wallet kinds that are not installed wait behind More options.
  // Collapsed items stay in the DOM (clipped, out of the tab order): count the reachable ones.
  const listed = modal.getByRole('listitem').filter({ has: page.locator('button:not([tabindex="-1"])') });
  await expect(listed).toHaveCount(1);
  await expect(listed).toHaveText(`${TEST_WALLET_NAME}Detected`);

  // Focus moves into the modal, and Tab keeps it there, both ways.
  await expect(modal.getByRole('button', { name: `${TEST_WALLET_NAME} Detected` })).toBeFocused();
  for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await modal.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  // Back to the control that opened it.
  await expect(header(page).getByRole('button', { name: 'Select Wallet' })).toBeFocused();

  // A click on the overlay closes it too.
  await header(page).getByRole('button', { name: 'Select Wallet' }).click();
  await expect(walletModal(page)).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(walletModal(page)).toBeHidden();
});

for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
  test(`no wallet installed (${viewport.width} px): 'You'll need a wallet', the two kinds behind 'Already have a wallet? View options'`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await open(page, '/');
    await header(page).getByRole('button', { name: 'Select Wallet' }).click();
    const modal = noWalletModal(page);
    await expect(modal).toBeVisible();
    await expect(page.getByText('Connect a wallet on Solana to continue')).toHaveCount(0);
    await expect(modal.getByRole('button', { name: 'Phantom' })).toBeHidden();
    const expander = modal.getByRole('button', { name: 'Already have a wallet? View options' });
    await expect(expander).toBeFocused();
    await expander.click();
    for (const name of ['Phantom', 'Solflare']) await expect(modal.getByRole('button', { name, exact: true })).toBeVisible();
    await expect(modal.getByText('Detected')).toHaveCount(0);
    await modal.getByRole('button', { name: 'Hide options' }).click();
    await expect(modal.getByRole('button', { name: 'Phantom' })).toBeHidden();
  });
}

test("beside an installed wallet, the spec's two kinds wait under 'More options'", async ({ page }) => {
  await new TestWallet({ lamports: 0 }).install(page);
  await open(page, '/');
  await header(page).getByRole('button', { name: 'Select Wallet' }).click();
  const modal = walletModal(page);
  await expect(modal.getByRole('button', { name: `${TEST_WALLET_NAME} Detected` })).toBeVisible();
  const others = modal.getByRole('region', { name: 'Other wallets', includeHidden: true });
  await expect(others).toBeHidden();
  await modal.getByRole('button', { name: 'More options' }).click();
  await expect(others).toBeVisible();
  for (const name of ['Phantom', 'Solflare']) await expect(others.getByRole('button', { name, exact: true })).toBeVisible();
});

/** Picks the test wallet in the modal, which holds the connection until the test approves it. */
async function startConnecting(page: Page): Promise<TestWallet> {
  const wallet = new TestWallet({ lamports: 0, holdConnect: true });
  await wallet.install(page);
  await open(page, '/');
  await header(page).getByRole('button', { name: 'Select Wallet' }).click();
  await walletModal(page).getByRole('button', { name: `${TEST_WALLET_NAME} Detected` }).click();
  await expect(header(page).getByRole('button', { name: 'Connecting...' })).toBeDisabled();
  return wallet;
}

test('a wallet that never answers: the connection ends after 30 s, the button says Select Wallet and why', async ({ page }) => {
  // The page's own clock, running at real speed (never paused, so frames and presses go on) until
  // the test moves it on: the 30 s are jumped over, not waited out.
  await page.clock.install();
  await startConnecting(page);
  // Not ended early. Should the timer have been set after this jump, the page still ends the
  // attempt 30 s later in real time, which the expectation below waits for.
  await page.clock.fastForward(WALLET_CONNECT_TIMEOUT_MS - 1_000);
  await expect(header(page).getByRole('button', { name: 'Connecting...' })).toBeDisabled();
  await expect(header(page).getByRole('alert')).toBeHidden();
  await page.clock.fastForward(2_000);
  await expect(header(page).getByRole('button', { name: 'Select Wallet' })).toBeEnabled({ timeout: 45_000 });
  await expect(header(page).getByRole('alert')).toHaveText('Your wallet did not answer within 30 seconds. Open it and try connecting again.');
  // A new attempt starts clean.
  await header(page).getByRole('button', { name: 'Select Wallet' }).click();
  await expect(header(page).getByRole('alert')).toBeHidden();
  await expect(walletModal(page)).toBeVisible();
});

test('connected: the short address and its dropdown — address, Copy Address, View in Explorer, My Orders, Disconnect', async ({ page, context }) => {
  const wallet = new TestWallet({ lamports: 0 });
  await wallet.install(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await connect(page, wallet);

  const trigger = header(page).getByRole('button', { name: short(wallet.address) });
  await trigger.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByTestId('wallet-address')).toHaveText(wallet.address);
  await expect(menu.getByRole('menuitem')).toHaveText(['Copy Address', 'View in Explorer', 'My Orders', 'Disconnect']);

  // Copy Address: a confirmation for 400 ms, and the address on the clipboard.
  await menu.getByRole('menuitem', { name: 'Copy Address' }).click();
  await expect(menu.getByRole('menuitem', { name: 'Copied!' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Copy Address' })).toBeVisible({ timeout: 1000 });
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(wallet.address);

  // View in Explorer: the address's account page on Devnet, in a new tab.
  const explorerLink = menu.getByRole('menuitem', { name: 'View in Explorer' });
  await expect(explorerLink).toHaveAttribute('target', '_blank');
  await expect(explorerLink).toHaveAttribute('rel', /noopener/);
  await context.route('https://explorer.solana.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Explorer</title>' }));
  const [popup] = await Promise.all([page.waitForEvent('popup'), explorerLink.click()]);
  expect(popup.url()).toBe(`https://explorer.solana.com/address/${wallet.address}?cluster=devnet`);
  await popup.close();

  await trigger.click();
  await page.getByRole('menuitem', { name: 'Disconnect' }).click();
  await expect(header(page).getByRole('button', { name: 'Select Wallet' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('walletName'))).toBeNull();
});

test('auto-connect on the next visit, and the header follows the wallet changing account or disconnecting', async ({ page }) => {
  const wallet = new TestWallet({ lamports: 0, accounts: 2 });
  await wallet.install(page);
  await connect(page, wallet);

  await page.reload({ waitUntil: 'commit' });
  await expect(header(page).getByRole('button', { name: short(wallet.address) })).toBeVisible();

  await wallet.switchAccount(page, 1);
  await expect(header(page).getByRole('button', { name: short(wallet.keypairs[1]!.address) })).toBeVisible();

  await wallet.disconnectFromWallet(page);
  await expect(header(page).getByRole('button', { name: 'Select Wallet' })).toBeVisible();
});

test('the header shows the connection being made until the wallet approves it', async ({ page }) => {
  const wallet = await startConnecting(page);
  await wallet.approveConnect(page);
  await expect(header(page).getByRole('button', { name: short(wallet.address) })).toBeVisible();
});

test('the test wallet signs for real with its private key', async ({ page }) => {
  const wallet = new TestWallet({ lamports: 0 });
  await wallet.install(page);
  await connect(page, wallet);
  const message = 'ORX test message';
  const signature = await wallet.signMessageInPage(page, message);
  expect(verifySignature(wallet.keypairs[0]!, new TextEncoder().encode(message), signature)).toBe(true);
});
