import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { expect, test } from './support/failure-report';
import { E2E_ADMIN } from './support/admin-credentials';
import { signIn } from './support/admin';
import { placeOrder } from './support/orders';
import { expectNoSeriousA11yViolations } from './support/axe';

/**
 * Issue 14, the operator's orders, on the production build (the admin shop: simulated payments, a
 * fresh embedded database). Orders are placed through the shop's own order endpoint, as the
 * simulated purchase places them.
 */

test('an order is shipped with its tracking reference, then delivered, and its history shows both moves', async ({ page }) => {
  test.setTimeout(90_000);
  const marker = `Fulfil${randomUUID().slice(0, 8)}`;
  await signIn(page);
  await placeOrder(page, `${marker} Shipper`);
  await placeOrder(page, `${marker} Waiting`);

  await page.getByRole('tab', { name: 'Orders' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Orders' });
  await panel.getByLabel('Name, e-mail or signature').fill(marker);
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(panel.getByRole('article')).toHaveCount(2);
  await expect(panel.getByText('Showing 2 orders (all)')).toBeVisible();

  await panel.getByRole('button', { name: `Manage order of ${marker} Shipper` }).click();
  const dialog = page.getByRole('dialog', { name: /^Order: / });
  await expect(dialog.getByTestId('order-dialog-status')).toHaveText('Simulated');
  await expect(dialog.getByText('No changes yet')).toBeVisible();
  // A simulated order was never paid, so it cannot be refunded.
  await expect(dialog.getByRole('region', { name: 'Refunds' })).toContainText('A simulated order cannot be refunded: nothing was paid for it.');
  await expect(dialog.getByRole('button', { name: 'Open refund' })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Mark as Shipped' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A tracking reference is required to ship an order');
  await dialog.getByLabel('Carrier tracking reference').fill('DHL 1234567890');
  await dialog.getByRole('button', { name: 'Mark as Shipped' }).click();
  await expect(dialog.getByTestId('order-dialog-status')).toHaveText('Shipped');
  const history = dialog.getByRole('list', { name: 'Order history' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem').nth(0)).toContainText(`Simulated → Shipped by ${E2E_ADMIN.username}`);
  await expect(history.getByRole('listitem').nth(0)).toContainText('Tracking: DHL 1234567890');
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Mark as Delivered' }).click();
  await expect(dialog.getByTestId('order-dialog-status')).toHaveText('Delivered');
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').nth(1)).toContainText(`Shipped → Delivered by ${E2E_ADMIN.username}`);
  await expect(dialog.getByText('Nothing to do for this order.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  const shipped = panel.getByRole('article').filter({ hasText: `${marker} Shipper` });
  await expect(shipped.getByTestId('order-status')).toHaveText('Delivered');
  await expect(shipped).toContainText('DHL 1234567890');

  // The history survives a reload: it is the server's.
  await page.reload();
  await page.getByRole('tab', { name: 'Orders' }).click();
  await panel.getByLabel('Name, e-mail or signature').fill(marker);
  await panel.getByRole('button', { name: 'Search' }).click();
  await panel.getByRole('button', { name: `Manage order of ${marker} Shipper` }).click();
  await expect(page.getByRole('list', { name: 'Order history' }).getByRole('listitem')).toHaveCount(2);
});

test('the CSV export downloads the filtered orders only', async ({ page }) => {
  const marker = `Export${randomUUID().slice(0, 8)}`;
  await signIn(page);
  await placeOrder(page, `${marker} First`);
  await placeOrder(page, `=cmd ${marker} Second`);
  await placeOrder(page, `Someone Else`);

  await page.getByRole('tab', { name: 'Orders' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Orders' });
  await panel.getByLabel('Status').selectOption({ label: 'Simulated' });
  await panel.getByLabel('Name, e-mail or signature').fill(marker);
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(panel.getByRole('article')).toHaveCount(2);

  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^orx-orders-simulated-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.split('\r\n').filter((line) => line !== '');
  expect(lines[0]).toMatch(/^Order,Placed \(UTC\),Status,Simulated,Name,Email,/);
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).every((line) => line.includes(marker) && line.includes(',Simulated,yes,'))).toBe(true);
  // A cell a spreadsheet would run as a formula is written as text.
  expect(text).toContain(`,'=cmd ${marker} Second,`);
  expect(text).not.toContain('Someone Else');
});

test('on a phone, a failed load offers a retry, pages load on demand, and the dialog fits the screen', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // One order more than a page, found by a name of this test's own: the admin shop is shared with
  // the other admin specs, which place orders while this one counts.
  const marker = `Phone${randomUUID().slice(0, 8)}`;
  await signIn(page);
  for (let index = 0; index < 21; index++) await placeOrder(page, `${marker} Buyer ${index}`);

  // The first list request fails: the panel says so, and loads on Retry.
  let failed = false;
  await page.route('**/api/admin/orders?*', (route) => {
    if (failed) return route.continue();
    failed = true;
    return route.abort();
  });
  await page.getByRole('tab', { name: 'Orders' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Orders' });
  await expect(panel.getByRole('alert')).toContainText('The orders could not be loaded. Please try again.');
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(panel.getByRole('article')).toHaveCount(20);

  // The unfiltered list says "Showing 20 orders" too: its line is read once the search has answered.
  const searched = page.waitForResponse((response) => new URL(response.url()).searchParams.get('q') === marker);
  await panel.getByLabel('Name, e-mail or signature').fill(marker);
  await panel.getByRole('button', { name: 'Search' }).click();
  await searched;
  await expect(panel.getByText('Showing 20 orders', { exact: true })).toBeVisible();
  await expect(panel.getByRole('article').filter({ hasText: marker })).toHaveCount(20);
  await panel.getByRole('button', { name: 'Load More Orders' }).click();
  await expect(panel.getByText('Showing 21 orders (all)', { exact: true })).toBeVisible();
  await expect(panel.getByRole('article').filter({ hasText: marker })).toHaveCount(21);

  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await panel.getByRole('button', { name: /^Manage order of / }).first().click();
  const box = await page.getByRole('dialog', { name: /^Order: / }).boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
});
