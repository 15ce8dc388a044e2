import { expect, test, type Page } from '@playwright/test';
import { TEST_WALLET_NAME, TestWallet, verifySignature } from './support/test-wallet';

const short = (address: string) => `${address.slice(0, 4)}...${address.slice(-4)}`;
const header = (page: Page) => page.getByRole('banner');
/** The stock modal's dialog is not named by its title (its h1 lacks the id it points to): find it by the heading. */
const modalTitled = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const walletModal = (page: Page) => modalTitled(page, 'Connect a wallet on Solana to continue');

/** Opens a page and lets it hydrate: a click before that reaches no handler. */
async function open(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'networkidle' });
}

async function connect(page: Page, wallet: TestWallet) {
  await open(page, '/');
  await header(page).getByRole('button', { name: 'Select Wallet' }).click();
  await walletModal(page).getByRole('button', { name: `${TEST_WALLET_NAME} Detected` }).click();
  await expect(header(page).getByRole('button', { name: short(wallet.address) })).toBeVisible();
}

test('the wallet code is not part of the first load; it arrives when the wallet control is used', async ({ page }) => {
  const walletScripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    if ((await response.text()).includes('WalletNotReadyError')) walletScripts.push(response.url());
  });
  await open(page, '/');
  expect(walletScripts).toEqual([]);

  await header(page).getByRole('button', { name: 'Select Wallet' }).click();
  await expect(walletModal(page)).toBeVisible();
  expect(walletScripts.length).toBeGreaterThan(0);
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

test("the spec's two wallet kinds are offered when not installed; beside an installed one, under 'More options'", async ({ page }) => {
  // No wallet installed: wallet-adapter-react-ui lists the not-installed kinds themselves (they
  // lead to their install pages, or into the wallet's browser on a phone), none marked Detected.
  await open(page, '/');
  await header(page).getByRole('button', { name: 'Select Wallet' }).click();
  const none = walletModal(page);
  await expect(none.getByRole('button', { name: 'Phantom' })).toBeVisible();
  await expect(none.getByRole('button', { name: 'Solflare' })).toBeVisible();
  await expect(none.getByText('Detected')).toHaveCount(0);

  // An installed wallet is listed first, Detected; the other kinds are one expander away.
  await new TestWallet({ lamports: 0 }).install(page);
  await open(page, '/');
  await header(page).getByRole('button', { name: 'Select Wallet' }).click();
  const modal = walletModal(page);
  await expect(modal.getByRole('button', { name: `${TEST_WALLET_NAME} Detected` })).toBeVisible();
  const others = modal.locator('#wallet-adapter-modal-collapse');
  const openHeight = async () => (await others.boundingBox())?.height ?? 0;
  expect(await openHeight()).toBe(0);
  await expect(others.getByRole('button', { name: 'Phantom' })).toHaveAttribute('tabindex', '-1');
  await modal.getByRole('button', { name: 'More options' }).click();
  await expect.poll(openHeight).toBeGreaterThan(0);
  for (const name of ['Phantom', 'Solflare']) await expect(others.getByRole('button', { name })).toHaveAttribute('tabindex', '0');
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

  await page.reload({ waitUntil: 'networkidle' });
  await expect(header(page).getByRole('button', { name: short(wallet.address) })).toBeVisible();

  await wallet.switchAccount(page, 1);
  await expect(header(page).getByRole('button', { name: short(wallet.keypairs[1]!.address) })).toBeVisible();

  await wallet.disconnectFromWallet(page);
  await expect(header(page).getByRole('button', { name: 'Select Wallet' })).toBeVisible();
});

test('the header shows the connection being made until the wallet approves it', async ({ page }) => {
  const wallet = new TestWallet({ lamports: 0, holdConnect: true });
  await wallet.install(page);
  await open(page, '/');
  await header(page).getByRole('button', { name: 'Select Wallet' }).click();
  await walletModal(page).getByRole('button', { name: `${TEST_WALLET_NAME} Detected` }).click();
  await expect(header(page).getByRole('button', { name: 'Connecting...' })).toBeDisabled();
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
