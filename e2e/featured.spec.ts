import { expect, test } from './support/failure-report';
import { expectNoSeriousA11yViolations } from './support/axe';
import { cardBrands, cardLinks, inPlace, openListing } from './support/catalog';

/** The seed's available featured watches, reduced to the newest per brand (SPEC §7). */
const FEATURED_CALL_SIZE = 7;

test('the server HTML holds the title and the cards in place, not a loading state', async ({ request }) => {
  const html = await (await request.get('/featured')).text();
  expect(html).toContain('<title>Featured Collection · ORX</title>');
  expect(html).not.toContain('Loading featured collection...');
  expect(inPlace(html)).toContain('FEATURED');
  expect(inPlace(html)).toMatch(/href="\/watches\/[0-9a-f-]{36}"/);
});

test('featured cards: no duplicates, each FEATURED and available, at most 2 extras', async ({ page }) => {
  await openListing(page, '/featured');
  await expect(page.getByRole('heading', { level: 1, name: 'Featured Collection' })).toBeVisible();
  const links = await cardLinks(page);
  expect(new Set(links).size).toBe(links.length);
  expect(links.length).toBeGreaterThanOrEqual(FEATURED_CALL_SIZE);
  expect(links.length).toBeLessThanOrEqual(FEATURED_CALL_SIZE + 2);

  const badges = page.getByRole('list', { name: 'Badges' });
  await expect(badges).toHaveCount(links.length);
  for (const list of await badges.all()) {
    await expect(list.getByRole('listitem')).toHaveText(['FEATURED', 'NFT', 'Available']);
  }
  // The sold-out featured watches (Rolex Cosmograph Daytona, Franck Muller Vanguard) stay out.
  await expect(page.getByRole('link', { name: 'Cosmograph Daytona' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Vanguard V 45 SC DT' })).toHaveCount(0);
  // The featured call keeps the newest watch per brand; only an extra can repeat a brand.
  const brands = await cardBrands(page);
  expect(brands.length - new Set(brands).size).toBeLessThanOrEqual(2);
  await expectNoSeriousA11yViolations(page);
});

test('the list is shuffled: reloads give different orders', async ({ page }) => {
  const orders = new Set<string>();
  for (let i = 0; i < 4 && orders.size < 2; i++) {
    await openListing(page, '/featured');
    orders.add((await cardLinks(page)).join());
  }
  expect(orders.size).toBeGreaterThan(1);
});

test('a featured card opens its detail dialog', async ({ page }) => {
  await openListing(page, '/featured');
  const firstCard = page.getByRole('article').first();
  const model = await firstCard.getByRole('heading').textContent();
  await firstCard.getByRole('paragraph').first().click();
  await expect(page.getByRole('dialog', { name: model ?? '' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
