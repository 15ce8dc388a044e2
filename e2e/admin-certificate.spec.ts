import { signInAfresh } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';
import { E2E_CERTIFICATE_AUTHORITY } from './support/checkout-keys';
import { buyWithWallet, fund } from './support/checkout';
import { CHECKOUT_SHOP_URL, LOCAL_CHAIN_URL } from './support/servers';
import { expect, test } from './support/shopper';
import { TestWallet } from './support/test-wallet';

/**
 * Issue 53 in the back office, on the production build and the local chain: staff add a service
 * event to a sold certificate (its hash written on chain), the holder reports it stolen from
 * /verify with the test wallet, and the owner freezes its token; /verify tells each. It runs on the
 * checkout shop, which takes real payments and signs its owner in with the second factor.
 */

test.use({ baseURL: CHECKOUT_SHOP_URL });

const WATCH = { model: 'Aquis Date Calibre 400' };

test.beforeAll(async () => {
  await fund(E2E_CERTIFICATE_AUTHORITY.publicKey, 10);
});

test('a service event is verified on chain, a holder’s report comes first on /verify, and the owner freezes the token', async ({ page, browser, watchOfItsOwn }) => {
  test.setTimeout(150_000);
  const watch = await watchOfItsOwn(WATCH.model, CHECKOUT_SHOP_URL);
  const holder = new TestWallet({ rpcUrl: LOCAL_CHAIN_URL });
  await fund(holder.address, 100);
  await holder.install(page);
  const { mint, signature } = await buyWithWallet(page, holder, watch);

  // The operator adds a service event from the order's dialog.
  const operator = await browser.newContext();
  const admin = await operator.newPage();
  await signInAfresh(admin, `${CHECKOUT_SHOP_URL}/admin`);
  await admin.getByRole('tab', { name: 'Orders' }).click();
  const panel = admin.getByRole('tabpanel', { name: 'Orders' });
  await panel.getByLabel('Name, e-mail or signature').fill(signature);
  await panel.getByRole('button', { name: 'Search' }).click();
  await panel.getByRole('article', { name: `Order ${signature}` }).getByRole('button', { name: /^Manage order of / }).click();
  const dialog = admin.getByRole('dialog', { name: /^Order: / });
  const certificate = dialog.getByRole('region', { name: 'Certificate', exact: true });
  await certificate.getByRole('button', { name: 'Add service event' }).click();
  await expect(certificate.getByLabel('Service date')).toBeFocused();
  await certificate.getByLabel('Service date').fill('2026-11-02');
  await certificate.getByLabel('Serviced by').fill('Tudor Service Centre, Geneva');
  await certificate.getByLabel('Work done').fill('Full service; gaskets replaced.');
  await certificate.getByRole('button', { name: 'Add service event' }).click();
  await expect(certificate.getByTestId('certificate-admin-message')).toHaveText('Service event added and written to the chain.', { timeout: 20_000 });
  await expectNoSeriousA11yViolations(admin);

  // The holder reports it stolen on /verify, signing with the wallet.
  await page.goto(`/verify/${mint}`, { waitUntil: 'commit' });
  await expect(page.getByTestId('service-status')).toHaveText('Service history verified on chain');
  await page.getByText('Report stolen or missing').click();
  await page.getByRole('radio', { name: 'Stolen' }).check();
  await page.getByLabel('The day it happened').fill('2026-11-20');
  await page.getByLabel('Police reference (optional)').fill('GVA-2026-1120');
  await page.getByRole('button', { name: 'Sign and report' }).click();
  await expect(page.getByTestId('certificate-report-headline')).toHaveText(/^Reported stolen on \d{1,2} \w{3} \d{4}$/, { timeout: 20_000 });
  expect(holder.signedMessages.at(-1)).toContain(`Report the watch of the ORX certificate ${mint} stolen or missing.`);
  // The report is the verdict's first line: before "Genuine ORX certificate".
  const before = await page.getByTestId('certificate-report-headline').evaluate((banner) => {
    const verdict = document.getElementById('verdict');
    return verdict !== null && Boolean(banner.compareDocumentPosition(verdict) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(before).toBe(true);

  // The owner freezes the reported certificate's token; /verify says so.
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await panel.getByRole('article', { name: `Order ${signature}` }).getByRole('button', { name: /^Manage order of / }).click();
  await certificate.getByRole('button', { name: 'Freeze token' }).click();
  await expect(certificate.getByTestId('certificate-admin-freeze')).toHaveText('Token frozen: it cannot be transferred.', { timeout: 20_000 });
  await page.reload({ waitUntil: 'commit' });
  await expect(page.getByTestId('certificate-frozen')).toHaveText('Frozen by ORX: this token cannot be transferred.', { timeout: 40_000 });
  await expect(page.getByTestId('certificate-report-headline')).toBeVisible();
  await operator.close();
});
