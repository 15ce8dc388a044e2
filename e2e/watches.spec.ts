import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { CATALOGUE_SIZE, card, cardBrands, cardLinks, cards, openListing, usdAtStandInRate } from './support/catalog';

test('the server HTML holds the title, the loading text and every card with its USD value', async ({ request }) => {
  const response = await request.get('/watches');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<title>All Watches · ORX</title>');
  expect(html).toContain('Loading luxury timepieces...');
  expect(html.match(/href="\/watches\/[0-9a-f-]{36}"/g)).toHaveLength(CATALOGUE_SIZE);
  expect(html).toContain('Cosmograph Daytona');
  // A card's second view is rendered only once a pointer reaches the card, never in the first load.
  expect(html).not.toContain(', another view"');
  // 232.14 SOL at the stand-in's 150 USD per SOL, rendered on the server.
  expect(html).toContain('$34,821.00');
});

test("the page's data for the browser carries what the cards and the dialog use, not the server's fields", async ({ request }) => {
  const html = await (await request.get('/watches')).text();
  // The React Server Components payload, in the inline scripts that hydrate the page.
  const payload = [...html.matchAll(/self\.__next_f\.push\((\[.*?\])\)<\/script>/gs)].map((match) => match[1]).join('');
  expect(payload).toContain('Cosmograph Daytona');
  expect(payload).toContain('\\"price_sol\\":232.14');
  expect(payload).toContain('\\"specs\\":');
  for (const field of ['price_eur', 'stock', 'featured', 'created_at']) expect(payload).not.toContain(`\\"${field}\\":`);
});

test('the page has its heading, search box, Shuffle and every watch, sold out too', async ({ page }) => {
  // An accessibility scan over 40 cards: slow on a shared machine.
  test.setTimeout(60_000);
  await openListing(page, '/watches');
  await expect(page).toHaveTitle('All Watches · ORX');
  await expect(page.getByRole('heading', { level: 1, name: 'All Watches' })).toBeVisible();
  await expect(page.getByPlaceholder('Search watches...')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Shuffle' })).toBeVisible();
  await expect(cards(page)).toHaveCount(CATALOGUE_SIZE);
  await expect(card(page, 'Cosmograph Daytona').getByText('Sold Out', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('search matches model, description or brand, case-insensitively; Clear Filters restores', async ({ page }) => {
  await openListing(page, '/watches');
  const search = page.getByPlaceholder('Search watches...');

  await search.fill('DAYTONA');
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, 'Cosmograph Daytona')).toBeVisible();

  await search.fill('endurance RACING');
  await expect(card(page, 'Cosmograph Daytona')).toBeVisible();

  await search.fill('nomos');
  await expect(cards(page)).toHaveCount(2);
  expect(new Set(await cardBrands(page))).toEqual(new Set(['NOMOS Glashütte']));

  await search.fill('no such timepiece anywhere');
  await expect(page.getByRole('heading', { name: 'No Watches Found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filter criteria.')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(cards(page)).toHaveCount(CATALOGUE_SIZE);
  await expect(search).toHaveValue('');
});

test('Shuffle changes the order and keeps every watch', async ({ page }) => {
  await openListing(page, '/watches');
  const before = await cardLinks(page);
  await page.getByRole('button', { name: 'Shuffle' }).click();
  await expect.poll(() => cardLinks(page)).not.toEqual(before);
  const after = await cardLinks(page);
  expect([...after].sort()).toEqual([...before].sort());
  expect(new Set(after).size).toBe(CATALOGUE_SIZE);
});

test("the brand filter lists 'All Brands' then the brands alphabetically, and filters", async ({ page }) => {
  await openListing(page, '/watches');
  const filter = page.getByRole('group', { name: 'Filter by brand' });
  const options = await filter.getByRole('button').allTextContents();
  expect(options[0]).toBe('All Brands');
  const brands = options.slice(1);
  expect(brands).toHaveLength(17);
  expect(brands).toEqual([...brands].sort((a, b) => a.localeCompare(b, 'en')));
  await expect(filter.getByRole('button', { name: 'All Brands' })).toHaveAttribute('aria-pressed', 'true');

  await filter.getByRole('button', { name: 'Omega' }).click();
  await expect(cards(page)).toHaveCount(3);
  expect(new Set(await cardBrands(page))).toEqual(new Set(['Omega']));

  // Search and filter together can match nothing.
  await page.getByPlaceholder('Search watches...').fill('daytona');
  await expect(page.getByRole('heading', { name: 'No Watches Found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(filter.getByRole('button', { name: 'All Brands' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page)).toHaveCount(CATALOGUE_SIZE);
});

test('?brand= preselects the brand filter', async ({ page }) => {
  await openListing(page, '/watches?brand=NOMOS%20Glash%C3%BCtte');
  await expect(page.getByRole('button', { name: 'NOMOS Glashütte' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page)).toHaveCount(2);
  expect(new Set(await cardBrands(page))).toEqual(new Set(['NOMOS Glashütte']));
});

test('the brand filter and the search live in the address: shared, reloaded, and undone with Back', async ({ page }) => {
  await openListing(page, '/watches');
  const filter = page.getByRole('group', { name: 'Filter by brand' });
  const search = page.getByPlaceholder('Search watches...');

  await filter.getByRole('button', { name: 'Rolex' }).click();
  await expect(page).toHaveURL(/\/watches\?brand=Rolex$/);
  await filter.getByRole('button', { name: 'Omega' }).click();
  await expect(page).toHaveURL(/\/watches\?brand=Omega$/);
  await search.fill('sea');
  await expect(page).toHaveURL(/\/watches\?brand=Omega&q=sea$/);
  const shown = await cardLinks(page);
  expect(shown.length).toBeGreaterThan(0);

  // Back: the brand chosen before; again: the whole listing; without loading the page again.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.goBack();
  await expect(page).toHaveURL(/\/watches\?brand=Rolex$/);
  await expect(filter.getByRole('button', { name: 'Rolex' })).toHaveAttribute('aria-pressed', 'true');
  await expect(search).toHaveValue('');
  expect(new Set(await cardBrands(page))).toEqual(new Set(['Rolex']));
  await page.goBack();
  await expect(page).toHaveURL(/\/watches$/);
  await expect(filter.getByRole('button', { name: 'All Brands' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page)).toHaveCount(CATALOGUE_SIZE);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // The address alone gives the same view: a reload, or the link sent to someone.
  await page.goto('/watches?brand=Omega&q=sea');
  await expect(filter.getByRole('button', { name: 'Omega' })).toHaveAttribute('aria-pressed', 'true');
  await expect(search).toHaveValue('sea');
  await expect.poll(async () => new Set(await cardLinks(page))).toEqual(new Set(shown));
});

test("an unknown ?brand= shows 'No Watches Found' and 'Clear Filters', not every watch", async ({ page }) => {
  await page.goto('/watches?brand=Maison%20Inconnue', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'No Watches Found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filter criteria.')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(cards(page)).toHaveCount(CATALOGUE_SIZE);
  await expect(page).toHaveURL(/\/watches$/);
});

test('on a 390 px phone the listing has two columns and the brand row shows that it scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openListing(page, '/watches');
  const [first, second] = await cards(page).evaluateAll((all) => all.slice(0, 2).map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
  expect(second!.top).toBe(first!.top);
  expect(second!.left).toBeGreaterThan(first!.right);
  // Four cards, two rows, within two screens (one column took more than three).
  const fourth = await cards(page).nth(3).boundingBox();
  expect(fourth!.y + fourth!.height).toBeLessThan(2 * 844);
  const strip = page.getByRole('group', { name: 'Filter by brand' });
  const { scrolls, faded } = await strip.evaluate((node) => ({
    scrolls: node.scrollWidth > node.clientWidth,
    faded: getComputedStyle(node).maskImage.includes('gradient'),
  }));
  expect({ scrolls, faded }).toEqual({ scrolls: true, faded: true });
  // Scrolled to its end, the last brand clears the fade.
  await strip.evaluate((node) => node.scrollTo({ left: node.scrollWidth }));
  const last = await strip.getByRole('button').last().boundingBox();
  const stripBox = await strip.boundingBox();
  expect(last!.x + last!.width).toBeLessThanOrEqual(stripBox!.x + stripBox!.width - 40);
});

test('on a 360 px phone the brands scroll in one row, the chosen one in view, and a card shows at once', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await openListing(page, '/watches?brand=Tudor');
  const group = page.getByRole('group', { name: 'Filter by brand' });
  const tudor = group.getByRole('button', { name: 'Tudor' });
  const allBrands = group.getByRole('button', { name: 'All Brands' });
  // One row: the last brand sits level with the first, scrolled sideways rather than wrapped.
  expect((await tudor.boundingBox())?.y).toBe((await allBrands.boundingBox())?.y);
  await expect(tudor).toBeInViewport();
  await expect(cards(page).first()).toBeInViewport();
});

test('on a 360 px phone only the brand row scrolls sideways: the page and every card fit', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await openListing(page, '/watches');
  await expect(cards(page)).toHaveCount(CATALOGUE_SIZE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const boxes = await cards(page).evaluateAll((all) => all.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
  for (const box of boxes) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(360);
  }
});

test('a card shows badges, brand, model, two feature chips with +N more, SOL and USD prices', async ({ page }) => {
  await openListing(page, '/watches');
  const daytona = card(page, 'Cosmograph Daytona');
  await expect(daytona.getByRole('list', { name: 'Badges' }).getByRole('listitem')).toHaveText(['NFT', 'Sold Out']);
  await expect(daytona.getByText('Rolex', { exact: true })).toBeVisible();
  await expect(daytona.getByRole('list', { name: 'Features' }).getByRole('listitem')).toHaveText([
    'Automatic chronograph',
    'Cerachrom tachymeter bezel',
    '+2 more',
  ]);
  await expect(daytona.getByText('232.14 SOL')).toBeVisible();
  await expect(daytona.getByText(usdAtStandInRate(232.14))).toBeVisible();
  await expect(daytona.getByRole('button', { name: 'Buy with SOL' })).toBeDisabled();

  const tangente = card(page, 'Tangente 38');
  await expect(tangente.getByRole('list', { name: 'Badges' }).getByRole('listitem')).toHaveText(['NFT', 'Available']);
  await expect(tangente.getByText(usdAtStandInRate(16))).toHaveText('≈ $2,400.00');
  await expect(tangente.getByRole('button', { name: 'Buy with SOL' })).toBeEnabled();
});

test('hovering a card shows its second image', async ({ page }) => {
  await openListing(page, '/watches');
  await page.getByPlaceholder('Search watches...').fill('Tangente');
  const tangente = card(page, 'Tangente 38');
  const second = tangente.getByRole('img', { name: 'NOMOS Glashütte Tangente 38, another view' });
  await expect(second).toBeHidden();
  await tangente.hover();
  await expect(second).toBeVisible();
});

test('a broken image falls back to the placeholder', async ({ page }) => {
  await page.route('**/images/watches/rolex-cosmograph-daytona-126500ln-1.svg', (route) => route.fulfill({ status: 404 }));
  await openListing(page, '/watches');
  await page.getByPlaceholder('Search watches...').fill('daytona');
  const image = card(page, 'Cosmograph Daytona').getByRole('img', { name: 'Rolex Cosmograph Daytona', exact: true });
  await expect(image).toHaveAttribute('src', /\/images\/watch-placeholder\.svg$/);
});
