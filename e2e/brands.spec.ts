import { expect, test } from './support/failure-report';
import type { Page } from '@playwright/test';
import { BRANDS } from '@/lib/catalog/brands';
import { expectNoSeriousA11yViolations } from './support/axe';

const card = (page: Page, brand: string) =>
  page.getByRole('main').getByRole('link').filter({ has: page.getByRole('heading', { name: brand, exact: true }) });

/** Where the browser is, as path and query, still URL-encoded. */
const location = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/**
 * Opens /brands without waiting for it to load: its cards are pressed at once. A test that routes
 * requests does so first (routing turned on while the page's scripts are in flight stalls them).
 */
const openBrands = (page: Page) => page.goto('/brands', { waitUntil: 'commit' });

test('shows all 17 brand cards with logo, name, tagline, heritage, specialty and Explore', async ({ page }) => {
  await openBrands(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Watch Brands');
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(17);
  for (const [index, brand] of BRANDS.entries()) {
    const item = cards.nth(index);
    await expect(item.getByRole('heading')).toHaveText(brand.name);
    await expect(item.getByRole('img', { name: `${brand.name} logo` })).toBeVisible();
    await expect(item.getByText(brand.tagline, { exact: true })).toBeVisible();
    await expect(item.getByText(`Since ${brand.founded}`, { exact: true })).toBeVisible();
    await expect(item.getByText(brand.specialty, { exact: true })).toBeVisible();
    await expect(item.getByText('Explore', { exact: true })).toBeVisible();
    // A real link for crawlers and visitors without JavaScript.
    await expect(item.getByRole('link')).toHaveAttribute('href', `/watches?brand=${encodeURIComponent(brand.name)}`);
  }
  // Every logo loads: each in its own time, the lazy ones once scrolled near.
  for (const logo of await cards.getByRole('img').all()) {
    await logo.scrollIntoViewIfNeeded();
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  }
  await expectNoSeriousA11yViolations(page);
});

test('shows Loading... while it checks, then opens the brand’s watches', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/watches/count?*', async (route) => {
    await held;
    await route.continue();
  });
  await openBrands(page);
  const rolex = card(page, 'Rolex');
  await rolex.click();
  await expect(rolex.getByText('Loading...', { exact: true })).toBeVisible();
  await expect(rolex).toHaveAttribute('aria-busy', 'true');
  expect(location(page)).toBe('/brands');
  release();
  await expect(page).toHaveURL(/\/watches\?brand=Rolex$/);
  expect(location(page)).toBe('/watches?brand=Rolex');
});

test('URL-encodes a brand with a space and an umlaut', async ({ page }) => {
  await openBrands(page);
  await card(page, 'NOMOS Glashütte').click();
  await expect(page).toHaveURL(/\/watches\?brand=/);
  // Next's router may write the space as '+' (form encoding); either way it reads back exactly.
  const url = new URL(page.url());
  expect(url.search).toMatch(/^\?brand=NOMOS(%20|\+)Glash%C3%BCtte$/);
  expect(url.searchParams.get('brand')).toBe('NOMOS Glashütte');
});

test('leads to all watches when the brand has no available watch', async ({ page }) => {
  await openBrands(page);
  const checked = page.waitForResponse((response) => response.url().includes('/api/watches/count?brand=Franck%20Muller'));
  await card(page, 'Franck Muller').click();
  expect(await (await checked).json()).toEqual({ count: 0 });
  await expect(page).toHaveURL(/\/watches$/);
  expect(location(page)).toBe('/watches');
});

test('leads to all watches when the check fails', async ({ page }) => {
  await page.route('**/api/watches/count?*', (route) => route.abort('failed'));
  await openBrands(page);
  await card(page, 'Rolex').click();
  await expect(page).toHaveURL(/\/watches$/);
  expect(location(page)).toBe('/watches');
});

test('offers Browse All Watches and Featured Collection under the grid', async ({ page }) => {
  await openBrands(page);
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Browse All Watches' }).click();
  await expect(page).toHaveURL('/watches');
  await page.goto('/brands');
  await main.getByRole('link', { name: 'Featured Collection' }).click();
  await expect(page).toHaveURL('/featured');
});
