import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { watchPath } from './support/catalog';
import { freshAddress, linkInMail } from './support/mailbox';
import { LOCAL_CHAIN_URL } from './support/servers';
import { expect, test } from './support/shopper';
import { TEST_WALLET_NAME, TestWallet } from './support/test-wallet';

/**
 * Issue 52: "Notify me" and "Save this search", the double opt-in by e-mail, the wallet's
 * watchlist under My Orders, and the unsubscribe link that forgets the address. On the checkout
 * shop, which sends its e-mails to the run's mailbox (e2e/support/mailbox-server.ts); each test is
 * a client of its own there (e2e/support/shopper.ts) and writes to an address of its own.
 */

/** Sold out in the demo catalogue, and never restocked on this shop. */
const SOLD_OUT = { brand: 'Rolex', model: 'Cosmograph Daytona' };
/** A demo watch in stock, of which a test watches a piece of its own (watchOfItsOwn): no other test sells it. */
const IN_STOCK = { brand: 'NOMOS Glashütte', model: 'Tangente 38' };

const CONFIRMED = 'Confirmed. We will e-mail you when it happens.';

/** The dialog's answer to an address typed: what it will be told of, once confirmed. */
const confirmation = (address: string, told: string) =>
  `Check your inbox: confirm from our e-mail to ${address}, and we will tell you ${told}. We send at most one confirmation a day, and nothing else before it.`;

/** Opens a page and returns as its first bytes arrive: the tests press at once, as a person does. */
async function open(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit' });
}

/** The page's own content: Next's route announcer is an alert of its own, outside it. */
const main = (page: Page) => page.getByRole('main');

/** Presses Confirm on the page the confirmation e-mail to `address` links to. */
async function confirmByMail(page: Page, address: string) {
  await open(page, await linkInMail(address, '/watchlist/confirm'));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your alerts' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(main(page).getByRole('status')).toHaveText(CONFIRMED);
}

test('a sold-out watch by e-mail, by keyboard: the dialog, the confirmation e-mail, and Confirm on its page', async ({ page, request }) => {
  const address = freshAddress('sold-out');
  await open(page, await watchPath(request, SOLD_OUT.model));
  const notifyMe = page.getByRole('button', { name: 'Notify me' });
  await notifyMe.focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Notify me' });
  await expect(dialog).toHaveAccessibleDescription('We will e-mail you once when this watch is available again.');
  // A watch that cannot be bought has no price to wait for.
  await expect(dialog.getByLabel('Or when it is below (SOL)')).toHaveCount(0);
  const email = dialog.getByRole('textbox', { name: 'E-mail address' });
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('type', 'email');
  await expect(email).toHaveAttribute('autocomplete', 'email');
  await page.keyboard.type(address);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Enter');

  await expect(dialog.getByRole('status')).toHaveText(confirmation(address, 'when it is available again'));
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(notifyMe).toBeFocused();

  await confirmByMail(page, address);
  await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  // Nothing for a search engine to index.
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('on a phone, a watch in stock: its price to go below, a refusal and a network failure keep the typed address', async ({
  page,
  watchOfItsOwn,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const address = freshAddress('in-stock');
  const inStock = await watchOfItsOwn(IN_STOCK.model);
  await open(page, `/watches/${inStock.id}`);
  await page.getByRole('button', { name: 'Notify me' }).click();

  const dialog = page.getByRole('dialog', { name: 'Notify me' });
  await expect(dialog).toHaveAccessibleDescription('We will e-mail you when its price drops by 5 % or more.');
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);

  const email = dialog.getByRole('textbox', { name: 'E-mail address' });
  const below = dialog.getByRole('textbox', { name: 'Or when it is below (SOL)' });
  await email.fill(address);
  await below.fill('a few');
  await dialog.getByRole('button', { name: 'Notify me' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The price limit must be an amount in SOL, such as 120 or 95.5.');
  await expect(email).toHaveValue(address);

  await page.route('**/api/watchlist', (route) => route.abort('internetdisconnected'));
  await below.fill('12');
  await dialog.getByRole('button', { name: 'Notify me' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Could not reach the shop. Please try again.');
  await expect(email).toHaveValue(address);
  await expect(below).toHaveValue('12');

  await page.unroute('**/api/watchlist');
  await dialog.getByRole('button', { name: 'Notify me' }).click();
  await expect(dialog.getByRole('status')).toHaveText(confirmation(address, 'when its price drops by 5 % or more'));
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('signed in with a wallet: asked once for an address, then one press; My Orders › Watchlist lists the pieces, Remove takes one away', async ({
  page,
  request,
  watchOfItsOwn,
}) => {
  const watch = await watchOfItsOwn(IN_STOCK.model);
  const wallet = new TestWallet({ rpcUrl: LOCAL_CHAIN_URL });
  await wallet.install(page);
  await open(page, '/orders');
  await page.getByRole('button', { name: 'Sign in with your wallet' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `${TEST_WALLET_NAME} Detected` })
    .click();
  await expect(page.getByTestId('signed-in-wallet')).toHaveText(wallet.address);

  // The wallet has no address on file: the first press sends none, the shop asks for one.
  const address = freshAddress('wallet');
  await open(page, `/watches/${watch.id}`);
  await page.getByRole('button', { name: 'Notify me' }).click();
  let dialog = page.getByRole('dialog', { name: 'Notify me' });
  await expect(dialog.getByRole('textbox', { name: 'Or when it is below (SOL)' })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'E-mail address' })).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Or when it is below (SOL)' }).fill('9.5');
  await dialog.getByRole('button', { name: 'Notify me' }).click();
  const email = dialog.getByRole('textbox', { name: 'E-mail address' });
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription(/\S/);
  await email.fill(address);
  await dialog.getByRole('button', { name: 'Notify me' }).click();
  await expect(dialog.getByRole('status')).toHaveText(confirmation(address, 'when its price drops by 5 % or more'));
  await page.keyboard.press('Escape');
  await confirmByMail(page, address);

  // Now the wallet has a confirmed address: one press, no field.
  await open(page, await watchPath(request, SOLD_OUT.model));
  await page.getByRole('button', { name: 'Notify me' }).click();
  dialog = page.getByRole('dialog', { name: 'Notify me' });
  await expect(dialog).toHaveAccessibleDescription('We will e-mail you once when this watch is available again.');
  await dialog.getByRole('button', { name: 'Notify me' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Done: we will e-mail ${address} when it is available again. The piece is under My Orders › Watchlist.`);
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await open(page, '/orders');
  await page.getByRole('tab', { name: 'Watchlist' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Watchlist' });
  const pieces = panel.getByRole('region', { name: 'Pieces you watch' }).getByRole('listitem');
  const inStock = pieces.filter({ hasText: watch.model });
  const soldOut = pieces.filter({ hasText: SOLD_OUT.model });
  await expect(inStock).toContainText(`${IN_STOCK.brand} ${watch.model}`);
  await expect(inStock).toContainText('Available');
  await expect(inStock).toContainText('below 9.5 SOL');
  await expect(soldOut).toContainText('Sold out');
  await expect(soldOut.getByRole('link', { name: `${SOLD_OUT.brand} ${SOLD_OUT.model}` })).toHaveAttribute(
    'href',
    /^\/watches\/[0-9a-f-]{36}$/,
  );
  await expectNoSeriousA11yViolations(page);

  await soldOut.getByRole('button', { name: `Remove ${SOLD_OUT.brand} ${SOLD_OUT.model}` }).click();
  await expect(soldOut).toHaveCount(0);
  await expect(panel.getByRole('status')).toHaveText(`${SOLD_OUT.brand} ${SOLD_OUT.model} removed.`);
  await expect(inStock).toHaveCount(1);
  // Read again from the server, the watchlist is the same.
  await page.reload({ waitUntil: 'commit' });
  await page.getByRole('tab', { name: 'Watchlist' }).click();
  await expect(inStock).toHaveCount(1);
  await expect(soldOut).toHaveCount(0);
});

test("a saved search by e-mail, then the unsubscribe link of the shop's e-mail forgets the address", async ({ page }) => {
  const address = freshAddress('search');
  await open(page, '/watches?brand=Rolex&sort=newest');
  await page.getByRole('link', { name: 'Save this search' }).click();
  // What the search matches, without the listing's order.
  await expect(page).toHaveURL(`/watchlist/save?${new URLSearchParams({ search: '/watches?brand=Rolex' })}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Save this search' })).toBeVisible();
  await expect(main(page).getByText('We will e-mail you when a new watch matches this search.')).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Watches · Rolex' })).toHaveAttribute('href', '/watches?brand=Rolex');
  await main(page).getByRole('textbox', { name: 'E-mail address' }).fill(address);
  await main(page).getByRole('button', { name: 'Save this search' }).click();
  await expect(main(page).getByRole('status')).toHaveText(confirmation(address, 'of each new watch that matches'));
  await expect(main(page).getByRole('link', { name: 'Back to the listing' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  const confirm = await linkInMail(address, '/watchlist/confirm');
  await open(page, await linkInMail(address, '/watchlist/unsubscribe'));
  await expect(page.getByRole('heading', { level: 1, name: 'Stop the alerts' })).toBeVisible();
  await expect(page.getByText('Unsubscribing deletes your address and everything it watches.')).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe and forget me' }).click();
  await expect(main(page).getByRole('status')).toHaveText('Done. Your address and its watches are deleted.');
  await expectNoSeriousA11yViolations(page);

  // The address is gone: its confirmation link confirms nothing any more.
  await open(page, confirm);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(main(page).getByRole('alert')).toHaveText('This link has expired or is not one of ours. Ask again from the watch’s page or the listing.');
  await expect(main(page).getByRole('status')).toBeEmpty();
});
