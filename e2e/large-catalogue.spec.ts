import { gzipSync } from 'node:zlib';
import { expect, test } from './support/failure-report';
import type { APIRequestContext, Page } from '@playwright/test';
import { cardBrands, cardLinks, cardPrices, cards, FIRST_PAGE, openListing, pressShowMore, showMoreLink } from './support/catalog';
import { BASE_URL, CATALOGUE_SHOP_URL, LARGE_CATALOGUE_SIZE, waitForServer } from './support/servers';

/**
 * Issue 34: a dealer's catalogue. These run on a shop whose database holds the demo's 40 watches
 * and 10,000 generated ones (playwright.config.ts makes it with `npm run catalogue:generate`):
 * every flow of the listings works on it as on the demo, with JavaScript and without, and no page
 * sends more than it does on the demo catalogue.
 */

const TOTAL = LARGE_CATALOGUE_SIZE + 40;

// The run's tests start while this shop's catalogue is still being made (playwright.config.ts).
test.beforeAll(async () => {
  test.setTimeout(200_000);
  expect(await waitForServer(`${CATALOGUE_SHOP_URL}/api/health`, 180_000), 'the catalogue shop answers').toBe(true);
});

const totalText = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'watch' : 'watches'}`;

/** The number of watches the listing says it has. */
async function shownTotal(page: Page): Promise<number> {
  const text = await page.getByText(/^[\d,]+ watch(es)?$/).textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

/**
 * A page's document, gzip-compressed, in bytes, and the cards it shows: the mean of a few loads
 * (the shuffle varies it).
 */
async function documentWeight(request: APIRequestContext, url: string): Promise<{ bytes: number; cards: number }> {
  let bytes = 0;
  let shown = 0;
  for (let load = 0; load < 4; load++) {
    const html = await (await request.get(url)).text();
    bytes += gzipSync(html).length;
    shown += html.match(/<article\b/g)?.length ?? 0;
  }
  return { bytes: bytes / 4, cards: shown / 4 };
}

test('the listings weigh what they weigh on the demo catalogue, and say how many watches there are', async ({ page, request }) => {
  for (const path of ['/watches', '/crypto-editions']) {
    const large = await documentWeight(request, path);
    const demo = await documentWeight(request, BASE_URL + path);
    // A page holds one page of cards whatever the catalogue: the demo fills /watches' (24 of its
    // 40 watches) but not /crypto-editions' (its 18 editions), so each card is weighed with its
    // share of the page. A page that grew with the catalogue would outgrow its cards.
    expect(large.cards, path).toBe(FIRST_PAGE);
    expect(demo.cards, path).toBeGreaterThan(0);
    expect(
      large.bytes / large.cards,
      `${path}: ${Math.round(large.bytes)} bytes for ${large.cards} cards against ${Math.round(demo.bytes)} for ${demo.cards} on the demo catalogue`,
    ).toBeLessThanOrEqual((demo.bytes / demo.cards) * 1.1);
  }
  await openListing(page, '/watches');
  await expect(page.getByText(totalText(TOTAL), { exact: true })).toBeVisible();
  await expect(cards(page)).toHaveCount(FIRST_PAGE);
  await expect(showMoreLink(page)).toHaveAttribute('href', /[?&]page=2(&|$)/);
  await expect(showMoreLink(page)).toHaveAttribute('href', /[?&]seed=\d+/);
});

test('a misspelt search in any word order finds the watches, across the catalogue', async ({ page }) => {
  await openListing(page, '/watches');
  await page.getByPlaceholder('Search watches...').fill('daytona rollex');
  await expect(page).toHaveURL(/[?&]q=daytona\+rollex/);
  await expect.poll(() => shownTotal(page)).toBeLessThan(TOTAL);
  const found = await shownTotal(page);
  expect(found).toBeGreaterThan(FIRST_PAGE);
  await expect(cards(page)).toHaveCount(FIRST_PAGE);
  for (const brand of await cardBrands(page)) expect(brand.toLowerCase()).toBe('rolex');
  await expect(page.getByRole('article').getByRole('heading').filter({ hasText: /Daytona/ })).toHaveCount(FIRST_PAGE);
});

test('a brand, a sort and Show more: each a page of the catalogue, and Back returns through them', async ({ page }) => {
  await openListing(page, '/watches');
  await page.getByRole('group', { name: 'Filter by brand' }).getByRole('link', { name: 'Omega', exact: true }).click();
  await expect(page).toHaveURL(/[?&]brand=Omega/);
  await expect.poll(() => shownTotal(page)).toBeLessThan(TOTAL);
  await expect.poll(async () => new Set(await cardBrands(page)).size).toBe(1);
  expect((await cardBrands(page))[0]!.toLowerCase()).toBe('omega');

  await page.getByRole('navigation', { name: 'Sort' }).getByRole('link', { name: 'Price: low to high' }).click();
  await expect(page).toHaveURL(/[?&]sort=price-asc/);
  await expect.poll(async () => {
    const prices = await cardPrices(page);
    return prices.length === FIRST_PAGE && prices.every((price, index) => index === 0 || prices[index - 1]! <= price);
  }).toBe(true);

  await pressShowMore(page);
  await expect(cards(page)).toHaveCount(FIRST_PAGE * 2);
  const links = await cardLinks(page);
  expect(new Set(links).size).toBe(links.length);
  const prices = await cardPrices(page);
  expect(prices.every((price, index) => index === 0 || prices[index - 1]! <= price)).toBe(true);

  await page.goBack();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(page).toHaveURL(/[?&]brand=Omega/);
  await page.goBack();
  await expect(page).not.toHaveURL(/brand=/);
  await expect(page.getByText(totalText(TOTAL), { exact: true })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search, Show more, a brand, a sort and Back: each a page the server renders in full', async ({ page }) => {
    await page.goto('/watches');
    await expect(cards(page)).toHaveCount(FIRST_PAGE);
    await expect(page.getByText(totalText(TOTAL), { exact: true })).toBeVisible();

    // The search is a GET form of the listing: Enter sends it.
    const search = page.getByPlaceholder('Search watches...');
    await search.fill('glashutte');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/watches\?q=glashutte$/);
    await expect(cards(page)).toHaveCount(FIRST_PAGE);
    expect(await page.getByRole('article').first().textContent()).toMatch(/Glashütte/);
    const found = await shownTotal(page);
    expect(found).toBeGreaterThan(FIRST_PAGE);
    const firstPage = await cardLinks(page);

    await pressShowMore(page);
    await expect(page).toHaveURL(/[?&]q=glashutte&.*page=2|[?&]page=2.*q=glashutte/);
    await expect(cards(page)).toHaveCount(FIRST_PAGE);
    expect((await cardLinks(page)).filter((link) => firstPage.includes(link))).toEqual([]);
    expect(await shownTotal(page)).toBe(found);

    // Back loads the search again: its first page, in one of the kept orders of its matches.
    await page.goBack();
    await expect(page).toHaveURL(/\/watches\?q=glashutte$/);
    await expect(cards(page)).toHaveCount(FIRST_PAGE);
    expect(await shownTotal(page)).toBe(found);

    await page.goto('/watches');
    await page.getByRole('group', { name: 'Filter by brand' }).getByRole('link', { name: 'Cartier', exact: true }).click();
    await expect(page).toHaveURL(/\/watches\?brand=Cartier$/);
    await expect(cards(page)).toHaveCount(FIRST_PAGE);
    expect(new Set((await cardBrands(page)).map((brand) => brand.toLowerCase()))).toEqual(new Set(['cartier']));

    await page.getByRole('navigation', { name: 'Sort' }).getByRole('link', { name: 'Price: high to low' }).click();
    await expect(page).toHaveURL(/[?&]sort=price-desc/);
    const prices = await cardPrices(page);
    expect(prices).toHaveLength(FIRST_PAGE);
    expect(prices).toEqual([...prices].sort((x, y) => y - x));
  });
});
