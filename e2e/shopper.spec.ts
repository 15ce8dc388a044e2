import { expect, test } from './support/failure-report';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { card, openListing } from './support/catalog';
import { skipSplash } from './support/splash';

/** What a demanding shopper checks on every page, at a desktop's and a phone's size (issue 26). */

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A watch whose features hold the data token 'nft_certified' (supabase/seed.sql). */
const CERTIFIED = 'Nautilus 5811/1G';

test.beforeEach(async ({ page }) => {
  await skipSplash(page);
});

/** Every console message of warning or error level, and every uncaught error, while `visit` runs. */
async function consoleProblems(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await visit();
  return problems;
}

test('the console stays clean on every page, its dialogs and the wallet modal', async ({ page }) => {
  test.setTimeout(90_000);
  const watchPage = await (async () => {
    await openListing(page, `/watches?q=${encodeURIComponent(CERTIFIED)}`);
    return card(page, CERTIFIED).getByRole('link', { name: CERTIFIED }).getAttribute('href');
  })();
  const problems = await consoleProblems(page, async () => {
    for (const path of ['/', '/brands', '/watches', '/featured', '/crypto-editions', watchPage!, '/watches?brand=Omega&q=sea', '/admin']) {
      // Observed, not pressed: every script of the page has run and said what it had to say.
      await page.goto(path, { waitUntil: 'networkidle' });
    }
    await openListing(page, '/watches?q=tangente');
    await card(page, 'Tangente 38').getByRole('link', { name: 'Tangente 38' }).click();
    await expect(page.getByRole('dialog', { name: 'Tangente 38' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('banner').getByRole('button', { name: 'Select Wallet' }).click();
    await expect(page.getByRole('dialog', { name: "You'll need a wallet on Solana to continue" })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
  });
  expect(problems).toEqual([]);
});

test('an unknown address: no console problem beyond the 404 itself', async ({ page }) => {
  const problems = await consoleProblems(page, async () => {
    const response = await page.goto('/no-such-page', { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
  });
  // Chromium reports the document's own 404 status in the console; nothing else may be there.
  expect(problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
});

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('an unknown address shows the shop: header, a 404 message with the way on, footer', async ({ page }) => {
      const response = await page.goto('/no-such-page');
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle('Page Not Found · ORX');
      await expect(page.getByRole('banner').getByRole('link', { name: 'ORX home' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Browse All Watches' })).toHaveAttribute('href', '/watches');
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test("shoppers read 'NFT certified', never the data token nft_certified", async ({ page }) => {
      // The crypto editions last: fewer than a page, all shown, the certified watch among them.
      for (const path of ['/featured', '/watches', '/crypto-editions']) {
        await openListing(page, path);
        expect(await page.locator('body').innerText()).not.toContain('nft_certified');
      }
      await expect(card(page, CERTIFIED).getByRole('list', { name: 'Features' }).getByRole('listitem').first()).toHaveText('NFT certified');
      await card(page, CERTIFIED).getByRole('link', { name: CERTIFIED }).click();
      const dialog = page.getByRole('dialog', { name: CERTIFIED });
      await expect(dialog.getByRole('listitem').filter({ hasText: 'NFT certified' })).toBeVisible();
      expect(await dialog.innerText()).not.toContain('nft_certified');
    });

    test('the detail dialog opens with focus on its title, no focus ring, the price and Buy on the first screen', async ({ page }) => {
      await openListing(page, '/crypto-editions');
      await card(page, CERTIFIED).getByText('Patek Philippe', { exact: true }).click();
      const dialog = page.getByRole('dialog', { name: CERTIFIED });
      await expect(dialog.getByRole('heading', { name: CERTIFIED })).toBeFocused();
      expect(await page.evaluate(() => document.querySelectorAll(':focus-visible').length)).toBe(0);
      await expect(dialog.getByRole('button', { name: 'Previous image' })).not.toBeFocused();
      for (const what of [dialog.getByText('1,057.14 SOL'), dialog.getByRole('button', { name: 'Buy with SOL' })]) {
        const box = await what.boundingBox();
        expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
      }
      // Tab goes on into the dialog's controls, with the keyboard's focus ring.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.matches(':focus-visible'))).toBe(true);
      await expectNoSeriousA11yViolations(page);
    });

    test('a skip link is the first Tab stop and moves past the header', async ({ page }) => {
      await openListing(page, '/watches');
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await expect(page.getByPlaceholder('Search watches...')).toBeFocused();
    });
  });
}
