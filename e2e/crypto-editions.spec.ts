import { expect, test } from './support/failure-report';
import { expectNoSeriousA11yViolations } from './support/axe';
import { card, cards, openListing } from './support/catalog';

/**
 * The seed's watches with a feature containing nft_certified, Special Edition, crypto, blockchain
 * or QR (supabase/seed.sql), sold out ones included.
 */
const CRYPTO_EDITIONS = [
  'Seamaster Diver 300M',
  'Nautilus 5811/1G',
  'Royal Oak Selfwinding 41',
  'Vanguard V 45 SC DT',
  'Santos de Cartier Large',
  'Big Bang Unico Titanium 42',
  'Black Bay Fifty-Eight',
  'Speedmaster Moonwatch Professional',
  'Submariner Date',
  'Monaco Chronograph',
  'Navitimer B01 Chronograph 43',
  'Portugieser Chronograph',
  'Club Sport neomatik 42 date',
  'Captain Cook High-Tech Ceramic',
  'Aquanaut 5167A',
  'Royal Oak Offshore Selfwinding Chronograph 43',
  'Classic Fusion Titanium 42',
  'Seventies Chronograph Panorama Date',
];

test('the server HTML holds the title, tagline and cards, not a loading state', async ({ request }) => {
  const html = await (await request.get('/crypto-editions')).text();
  expect(html).toContain('<title>Special Crypto Editions · ORX</title>');
  expect(html).toContain('Luxury timepieces on the blockchain. Chain-certified. NFT-authenticated.');
  expect(html).not.toContain('Loading crypto edition timepieces...');
  expect(html.match(/href="\/watches\/[0-9a-f-]{36}"/g)).toHaveLength(CRYPTO_EDITIONS.length);
});

test('shows exactly the watches with a crypto-edition feature', async ({ page }) => {
  await openListing(page, '/crypto-editions');
  await expect(page.getByRole('heading', { level: 1, name: 'Special Crypto Editions' })).toBeVisible();
  await expect(page.getByText('Luxury timepieces on the blockchain. Chain-certified. NFT-authenticated.')).toBeVisible();
  const models = await page.getByRole('article').getByRole('heading').allTextContents();
  expect([...models].sort()).toEqual([...CRYPTO_EDITIONS].sort());
  await expect(card(page, 'Vanguard V 45 SC DT').getByText('Sold Out', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('search, Shuffle and the brand filter work as on /watches', async ({ page }) => {
  await openListing(page, '/crypto-editions?brand=Omega');
  const brands = page.getByRole('group', { name: 'Filter by brand' });
  await expect(brands.getByRole('link', { name: 'Omega' })).toHaveAttribute('aria-current', 'true');
  await expect(brands.getByRole('link', { name: 'Omega' })).toHaveAttribute('href', '/crypto-editions?brand=Omega');
  await expect(cards(page)).toHaveCount(2);

  await brands.getByRole('link', { name: 'All Brands' }).click();
  await expect(page).toHaveURL(/\/crypto-editions$/);
  await page.getByPlaceholder('Search watches...').fill('ROYAL OAK');
  await expect(cards(page)).toHaveCount(2);

  await page.getByPlaceholder('Search watches...').fill('Tangente');
  await expect(page.getByRole('heading', { name: 'No Crypto Editions Found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(cards(page)).toHaveCount(CRYPTO_EDITIONS.length);

  await page.getByRole('button', { name: 'Shuffle' }).click();
  await expect(page).toHaveURL(/\/crypto-editions\?seed=\d+$/);
  await expect(cards(page)).toHaveCount(CRYPTO_EDITIONS.length);
  // Fewer than a page: every one is shown, no Show more.
  await expect(page.getByRole('link', { name: 'Show more' })).toBeHidden();
  await expect(page.getByText(`${CRYPTO_EDITIONS.length} watches`, { exact: true })).toBeVisible();
});
