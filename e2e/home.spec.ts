import { expect, test } from './support/failure-report';
import type { Page } from '@playwright/test';
import { SPLASH_FADE_MS, SPLASH_HOLD_MS, SPLASH_STEP, SPLASH_TICK_MS } from '@/lib/splash';
import { CONTRACT_COPIED_MS, TIME_COMMUNITY_URL, TIME_CONTRACT_TEXT } from '@/lib/time-token';
import { expectNoSeriousA11yViolations } from './support/axe';
import { skipSplash } from './support/splash';

/**
 * Stops the page's (installed) clock a second from now: from then on only runFor moves time. pauseAt
 * may not go back, and a busy machine can take longer than a moment between reading the page's time
 * and pausing it.
 */
async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
}

/** Expects what `read` finds after each step of `stepMs` on the paused clock, until it holds. */
function afterEachStep<T>(page: Page, stepMs: number, read: () => Promise<T>) {
  return expect.poll(
    async () => {
      await page.clock.runFor(stepMs);
      return read();
    },
    { intervals: [50] },
  );
}

const HEADLINE = 'Luxury watches, certified on the blockchain';

test.describe('splash', () => {
  const progressOf = async (page: Page) =>
    Number(await page.getByTestId('splash').getByRole('progressbar').getAttribute('aria-valuenow'));

  test('fills in steps of 2 every 30 ms, holds 500 ms at 100, fades, then shows the page', async ({ page }) => {
    // Time stands still from before the page loads, so however busy the machine, the bar moves
    // only when the test steps the clock. pauseAt may not go back: the margin covers a slow install.
    const installedAt = Date.now();
    await page.clock.install({ time: installedAt });
    await page.clock.pauseAt(installedAt + 10_000);
    await page.goto('/');
    const splash = page.getByTestId('splash');
    await expect(splash).toBeVisible();
    await expect(splash.getByText('ORX', { exact: true })).toBeVisible();
    await expect(splash.getByText('Loading luxury timepieces...', { exact: true })).toBeVisible();
    const bar = splash.getByRole('progressbar', { name: 'Loading' });
    await expect(bar).toHaveAttribute('aria-valuenow', '0');

    // The bar starts once the page is interactive: step the clock until it has moved.
    await afterEachStep(page, SPLASH_TICK_MS, () => progressOf(page)).toBeGreaterThan(0);
    const start = await progressOf(page);
    expect(start % SPLASH_STEP).toBe(0);
    await page.clock.runFor(SPLASH_TICK_MS);
    await expect(bar).toHaveAttribute('aria-valuenow', String(start + SPLASH_STEP));

    await page.clock.runFor(((100 - start - SPLASH_STEP) / SPLASH_STEP) * SPLASH_TICK_MS);
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await page.clock.runFor(SPLASH_HOLD_MS - SPLASH_TICK_MS);
    await expect(splash).toHaveCSS('opacity', '1');

    await page.clock.runFor(SPLASH_TICK_MS);
    await expect(splash).toHaveCSS('opacity', '0');
    await expect(splash).toBeAttached();
    await page.clock.runFor(SPLASH_FADE_MS);
    await expect(splash).not.toBeAttached();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE);
  });

  test('shows once per browser session', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // Network failures are reported on their own (prefetches of pages other branches add).
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
    });
    await page.goto('/');
    const splash = page.getByTestId('splash');
    await expect(splash).toBeVisible();
    await expect(splash).not.toBeAttached({ timeout: 5_000 });

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE);
    await expect(page.locator('[data-testid="splash"][data-show]')).toHaveCount(0);
    await expect(splash).toBeHidden();
    // The gate script changes the server markup before hydration without upsetting React.
    expect(errors).toEqual([]);
  });

  test('is skipped for visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-testid="splash"][data-show]')).toHaveCount(0);
    await expect(page.getByTestId('splash')).toBeHidden();
  });

  test('leaves the home content in the server HTML, under a splash hidden by default', async ({ request }) => {
    const html = await (await request.get('/')).text();
    for (const text of [HEADLINE, 'Explore Brands', 'Featured Collection', 'NFT Certified', 'Instant Payment', 'Global Shipping', 'NFT Included', 'Buy $TIME', 'Step into $TIME Zone', TIME_CONTRACT_TEXT]) {
      expect(html).toContain(text);
    }
    // Without JavaScript the splash never shows: it is display:none until the gate script runs.
    expect(html).toMatch(/<div[^>]*id="orx-splash"[^>]*class="[^"]*\bhidden\b[^"]*data-show:flex/);
    expect(html).not.toMatch(/id="orx-splash"[^>]*data-show=/);
  });
});

test.describe('hero', () => {
  test.beforeEach(async ({ page }) => {
    await skipSplash(page);
    await page.goto('/');
  });

  test('pitches the shop with its badges and the NFT Included tag', async ({ page }) => {
    const hero = page.getByRole('region', { name: HEADLINE });
    await expect(hero.getByText(/immutable NFT certificate/)).toBeVisible();
    await expect(hero.getByText(/Pay with SOL, no KYC/)).toBeVisible();
    await expect(hero.getByRole('listitem')).toHaveText(['NFT Certified', 'Instant Payment', 'Global Shipping']);
    await expect(hero.getByText('NFT Included', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('Explore Brands goes to /brands', async ({ page }) => {
    await page.getByRole('link', { name: 'Explore Brands' }).click();
    await expect(page).toHaveURL('/brands');
  });

  test('Featured Collection goes to /featured', async ({ page }) => {
    await page.getByRole('main').getByRole('link', { name: 'Featured Collection' }).click();
    await expect(page).toHaveURL('/featured');
  });
});

test.describe('$TIME panel', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test.beforeEach(async ({ page }) => {
    await skipSplash(page);
  });

  test('Buy $TIME does nothing', async ({ page, context }) => {
    await page.goto('/');
    const opened: string[] = [];
    context.on('page', (popup) => opened.push(popup.url()));
    const html = await page.locator('main').innerHTML();
    await page.getByRole('button', { name: 'Buy $TIME' }).click();
    await expect(page).toHaveURL('/');
    expect(await page.locator('main').innerHTML()).toBe(html);
    expect(opened).toEqual([]);
  });

  test('Step into $TIME Zone opens the community in a new tab, without an opener', async ({ page }) => {
    await page.goto('/');
    const link = page.getByRole('link', { name: 'Step into $TIME Zone' });
    await expect(link).toHaveAttribute('href', TIME_COMMUNITY_URL);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('the contract box copies COMING SOON and confirms for 2 seconds', async ({ page }) => {
    await page.clock.install();
    await page.goto('/', { waitUntil: 'commit' });
    const box = page.getByRole('button', { name: TIME_CONTRACT_TEXT });
    const tooltip = page.getByRole('tooltip');
    const check = page.getByTestId('contract-copied-check');
    await box.hover();
    await expect(tooltip).toHaveText('Copy $TIME Contract');
    await expect(box).toHaveAccessibleDescription('Copy $TIME Contract');
    await expect(check).toHaveCount(0);

    await pauseClock(page);
    await box.click();
    // A press made before the page is interactive is carried out by a timer once it is
    // (lib/presses-before-hydration.ts): the paused clock runs in steps until then, so the copy
    // happened at most one step before it is seen.
    const step = 10;
    await afterEachStep(page, step, () => tooltip.textContent()).toBe('Copied!');
    await expect(tooltip).toHaveCSS('opacity', '1');
    await expect(check).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(TIME_CONTRACT_TEXT);

    await page.clock.runFor(CONTRACT_COPIED_MS - step - 1);
    await expect(tooltip).toHaveText('Copied!');
    await page.clock.runFor(step + 1);
    await expect(tooltip).toHaveText('Copy $TIME Contract');
    await expect(check).toHaveCount(0);
  });

  test('a clipboard failure is only logged', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator.clipboard, 'writeText', {
        value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
      });
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The page as a shopper sees it once all of it has arrived: what the failed copy must leave as it was.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const main = await page.locator('main').innerText();
    await page.getByRole('button', { name: TIME_CONTRACT_TEXT }).click();
    await expect.poll(() => errors.join('\n')).toContain('Copying the $TIME contract failed');
    await expect(page.getByRole('tooltip')).toHaveText('Copy $TIME Contract');
    await expect(page.getByTestId('contract-copied-check')).toHaveCount(0);
    expect(await page.locator('main').innerText()).toBe(main);
  });
});
