import { expect, test } from './support/failure-report';
import type { Page } from '@playwright/test';
import { NAV_LINKS } from '@/components/layout/nav-links';
import { expectNoSeriousA11yViolations } from './support/axe';
import { skipSplash } from './support/splash';

test.beforeEach(async ({ page }) => {
  await skipSplash(page);
});

async function expectHeaderLinks(page: Page, navigationName: string, current: string) {
  const links = page.getByRole('navigation', { name: navigationName, exact: true }).getByRole('link');
  await expect(links).toHaveText(NAV_LINKS.map(({ label }) => label));
  for (const [index, { href, label }] of NAV_LINKS.entries()) {
    await expect(links.nth(index)).toHaveAttribute('href', href);
    if (label === current) await expect(links.nth(index)).toHaveAttribute('aria-current', 'page');
    else await expect(links.nth(index)).not.toHaveAttribute('aria-current');
  }
}

test.describe('header', () => {
  test('lists the five links and highlights the current page', async ({ page }) => {
    await page.goto('/');
    await expectHeaderLinks(page, 'Main', 'Home');
    await expect(page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Home' })).toHaveCSS(
      'color',
      'rgb(201, 169, 110)',
    );

    await page.goto('/brands');
    await expectHeaderLinks(page, 'Main', 'Brands');
  });

  test('moves the highlight along with a client-side navigation', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Brands' }).click();
    await expect(page).toHaveURL('/brands');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Watch Brands');
    await expectHeaderLinks(page, 'Main', 'Brands');
  });

  test('its links load the next page ahead on hover and follow on the client; a modified click opens a tab', async ({ page, context }) => {
    await page.goto('/', { waitUntil: 'commit' });
    const brands = page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Brands' });
    let prefetched = false;
    page.on('request', (request) => {
      prefetched ||= new URL(request.url()).pathname === '/brands' && request.headers()['next-router-prefetch'] === '1';
    });
    // The router prefetches as the pointer arrives once it has loaded: a pointer that came before
    // then comes again, as a shopper's moves over the header do.
    await expect
      .poll(async () => {
        await page.mouse.move(0, 0);
        await brands.hover();
        return prefetched;
      })
      .toBe(true);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await brands.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Watch Brands');
    // The same document: the header, the wallet and the prices were not loaded again.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    const opened = context.waitForEvent('page');
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Featured' }).click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await expect(tab).toHaveURL('/featured');
    await expect(page).toHaveURL('/brands');
    await tab.close();
  });

  for (const { href, label } of NAV_LINKS) {
    test(`the ${label} link leads to ${href}`, async ({ page }) => {
      await page.goto(href === '/' ? '/brands' : '/');
      await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(href);
    });
  }

  test('keeps the wallet control in the header', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Select Wallet' })).toBeVisible();
  });
});

test.describe('mobile menu at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('toggles the same links, closes on Escape and on navigation', async ({ page }) => {
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
    const toggle = page.locator('header button[aria-controls="mobile-menu"]');
    await expect(toggle).toHaveAccessibleName('Open menu');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The header's: while the document streams in, the navigation that will replace the header's
    // fallback waits, hidden, at the end of the body with the same id.
    const menu = page.locator('header #mobile-menu');
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveAccessibleName('Close menu');
    await expect(menu).toBeVisible();
    await expectHeaderLinks(page, 'Main menu', 'Home');
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    await toggle.click();
    await expect(menu).toBeVisible();
    await toggle.click();
    await expect(menu).toBeHidden();

    await toggle.click();
    await menu.getByRole('link', { name: 'Brands' }).click();
    await expect(page).toHaveURL('/brands');
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expectHeaderLinks(page, 'Main menu', 'Brands');

    // Any navigation closes it, not only a click on one of its links.
    await page.goBack();
    await expect(page).toHaveURL('/');
    await expect(menu).toBeHidden();
  });

  test('fits the page without horizontal scrolling', async ({ page }) => {
    for (const path of ['/', '/brands']) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
  });
});

test.describe('footer', () => {
  const PLACEHOLDERS = [
    'How to Buy',
    'Wallet Setup',
    'Shipping Info',
    'NFT Guide',
    'Warranty & Service',
    'Privacy Policy',
    'Terms of Service',
    'Cookie Policy',
  ];

  test('links the three shop pages and Authenticity Verification', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const links = footer.getByRole('link');
    await expect(links).toHaveText(['Featured Collection', 'All Watches', 'Browse Brands', 'Authenticity Verification']);
    await expect(links.nth(3)).toHaveAttribute('href', '/verify');
    await expect(links.nth(0)).toHaveAttribute('href', '/featured');
    await expect(links.nth(1)).toHaveAttribute('href', '/watches');
    await expect(links.nth(2)).toHaveAttribute('href', '/brands');
    await links.nth(2).click();
    await expect(page).toHaveURL('/brands');
  });

  test('shows the placeholders and social icons without a destination', async ({ page }) => {
    await page.goto('/brands');
    const footer = page.getByRole('contentinfo');
    for (const placeholder of PLACEHOLDERS) {
      await expect(footer.getByText(placeholder, { exact: true })).toBeVisible();
      await expect(footer.getByRole('link', { name: placeholder })).toHaveCount(0);
    }
    const social = footer.getByRole('list', { name: 'Social media (coming soon)' });
    await expect(social.getByRole('img')).toHaveCount(3);
    await expect(social.getByRole('link')).toHaveCount(0);
    await expect(page.locator('a[href="#"], a:not([href])')).toHaveCount(0);
  });
});
