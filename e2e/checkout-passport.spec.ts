import { E2E_CERTIFICATE_AUTHORITY } from './support/checkout-keys';
import { expectNoSeriousA11yViolations } from './support/axe';
import { buyWithWallet, connectWallet, fund } from './support/checkout';
import { CHECKOUT_SHOP_URL, LOCAL_CHAIN_URL } from './support/servers';
import { expect, test } from './support/shopper';
import { TestWallet } from './support/test-wallet';

/**
 * Proof of possession (issue 53), as a seller and a buyer meeting in person use it: the holder of
 * a certificate bought for real on the local chain proves it on /verify with the test wallet
 * (Wallet Standard, signing for real), and the buyer opens the link in a browser of their own. A
 * wallet that does not hold the certificate is refused, and told why.
 */

const WATCH = { model: 'Seamaster Diver 300M' };

test.beforeAll(async () => {
  await fund(E2E_CERTIFICATE_AUTHORITY.publicKey, 10);
});

test('the holder proves possession with the wallet, a second browser opens the proof, and another wallet is refused', async ({ page, browser, watchOfItsOwn }) => {
  test.setTimeout(120_000);
  const watch = await watchOfItsOwn(WATCH.model);
  const holder = new TestWallet({ rpcUrl: LOCAL_CHAIN_URL });
  await fund(holder.address, 5000);
  await holder.install(page);
  const { mint } = await buyWithWallet(page, holder, watch);

  await page.goto(`/verify/${mint}`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Prove I hold this' }).click();
  const proof = page.getByTestId('possession-proof');
  await expect(proof).toBeVisible({ timeout: 20_000 });
  await expect(proof).toContainText('Valid for 15 minutes, until');
  await expect(proof.getByTestId('possession-qr')).toBeVisible();
  expect(holder.signedMessages.at(-1)).toContain(`Prove that I hold the ORX certificate ${mint}.`);
  const link = (await proof.getByTestId('possession-link').getAttribute('href')) ?? '';
  expect(new URL(link).pathname).toMatch(new RegExp(`^/verify/${mint}/proof/[\\w-]+\\.[\\w-]+$`));
  await expectNoSeriousA11yViolations(page);

  // The buyer's own browser: no wallet, no cookie of the seller's.
  const buyer = await browser.newContext({ baseURL: CHECKOUT_SHOP_URL });
  const buyerPage = await buyer.newPage();
  await buyerPage.goto(link, { waitUntil: 'commit' });
  await expect(buyerPage.getByTestId('possession-proof-heading')).toHaveText(new RegExp(`^Held by ${holder.address}, proven at \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} UTC$`));
  await expectNoSeriousA11yViolations(buyerPage);
  // A link changed by one character proves nothing.
  await buyerPage.goto(link.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')), { waitUntil: 'commit' });
  await expect(buyerPage.getByTestId('possession-proof-error')).toHaveText('This is not a proof of possession issued by ORX for this certificate.');
  await buyer.close();

  // Another wallet on the same certificate's page: refused, with the holder the chain shows.
  const other = new TestWallet({ rpcUrl: LOCAL_CHAIN_URL });
  const otherPage = await browser.newPage({ baseURL: CHECKOUT_SHOP_URL });
  await other.install(otherPage);
  await connectWallet(otherPage, other);
  await otherPage.goto(`/verify/${mint}`, { waitUntil: 'commit' });
  await otherPage.getByRole('button', { name: 'Prove I hold this' }).click();
  await expect(otherPage.getByTestId('possession-error')).toHaveText(
    `This wallet does not hold the certificate: the Solana chain shows ${holder.address} as its holder. Sign with the wallet that holds it.`,
    { timeout: 20_000 },
  );
  await otherPage.close();
});
