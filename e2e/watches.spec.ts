import { expect, test } from './support/failure-report';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import {
  CARD_LINK,
  CATALOGUE_SIZE,
  FIRST_PAGE,
  card,
  cardBrands,
  cardLinks,
  cardPrices,
  cards,
  inPlace,
  openListing,
  pressShowMore,
  showEveryWatch,
  showMoreHref,
  showMoreLink,
  usdAtStandInRate,
} from './support/catalog';

const brandFilter = (page: Page) => page.getByRole('group', { name: 'Filter by brand' });
const brandLink = (page: Page, brand: string) => brandFilter(page).getByRole('link', { name: brand, exact: true });

test('the server HTML holds the title, the first page of cards, the count and a Show more link, not a loading state', async ({ request }) => {
  const response = await request.get('/watches');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<title>All Watches · ORX</title>');
  // In place in the document, not streamed behind the loading state for a script to move there.
  expect(inPlace(html).match(CARD_LINK)).toHaveLength(FIRST_PAGE);
  expect(html).not.toContain('Loading luxury timepieces...');
  expect(html).toContain(`${CATALOGUE_SIZE} watches`);
  // The next page of the same order: a link crawlers and browsers without scripts follow.
  expect(html).toMatch(/href="\/watches\?seed=\d+&amp;page=2"[^>]*>Show more</);
  // A card's second view is rendered only once a pointer reaches the card, never in the first load.
  expect(html).not.toContain(', another view"');
  // 232.14 SOL at the stand-in's 150 USD per SOL, rendered on the server (a search is too).
  const daytona = await (await request.get('/watches?q=daytona')).text();
  expect(daytona).toContain('Cosmograph Daytona');
  expect(daytona).toContain('$34,821.00');
  expect(daytona).toContain('1 watch<');
});

test('every watch is reached by the Show more links alone, in one order, each once', async ({ request }) => {
  const seen: string[] = [];
  let path: string | undefined = '/watches';
  for (let pages = 0; path && pages < 5; pages++) {
    const html = await (await request.get(path)).text();
    seen.push(...(html.match(CARD_LINK) ?? []));
    path = showMoreHref(html);
  }
  expect(seen).toHaveLength(CATALOGUE_SIZE);
  expect(new Set(seen).size).toBe(CATALOGUE_SIZE);
});

test('an address it cannot use shows the listing with its defaults, never an error', async ({ request }) => {
  for (const query of ['?page=0', '?page=abc', '?seed=-1', '?sort=cheapest', `?q=${'x'.repeat(500)}`, '?page=99999999']) {
    const response = await request.get(`/watches${query}`);
    expect(response.status(), query).toBe(200);
  }
});

test("the page's data for the browser carries what the cards and the dialog use, not the server's fields", async ({ request }) => {
  const html = await (await request.get('/watches?q=daytona')).text();
  // The React Server Components payload, in the inline scripts that hydrate the page.
  const payload = [...html.matchAll(/self\.__next_f\.push\((\[.*?\])\)<\/script>/gs)].map((match) => match[1]).join('');
  expect(payload).toContain('Cosmograph Daytona');
  expect(payload).toContain('\\"price_sol\\":232.14');
  expect(payload).toContain('\\"specs\\":');
  for (const field of ['price_eur', 'stock', 'featured', 'created_at']) expect(payload).not.toContain(`\\"${field}\\":`);
});

test('the page has its heading, search box, Shuffle, the first page and every watch, sold out too, with Show more', async ({ page }) => {
  // An accessibility scan over 40 cards: slow on a shared machine.
  test.setTimeout(90_000);
  await openListing(page, '/watches');
  await expect(page).toHaveTitle('All Watches · ORX');
  await expect(page.getByRole('heading', { level: 1, name: 'All Watches' })).toBeVisible();
  await expect(page.getByPlaceholder('Search watches...')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Shuffle' })).toBeVisible();
  await expect(page.getByText(`${CATALOGUE_SIZE} watches`, { exact: true })).toBeVisible();
  await expect(cards(page)).toHaveCount(FIRST_PAGE);
  await showEveryWatch(page);
  await expect(cards(page)).toHaveCount(CATALOGUE_SIZE);
  expect(new Set(await cardLinks(page)).size).toBe(CATALOGUE_SIZE);
  await expect(showMoreLink(page)).toBeHidden();
  await expect(card(page, 'Cosmograph Daytona').getByText('Sold Out', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('Show more is a link to the next page of the same order, and appends it without leaving the page', async ({ page }) => {
  await openListing(page, '/watches');
  const more = showMoreLink(page);
  const href = await more.getAttribute('href');
  expect(href).toMatch(/^\/watches\?seed=\d+&page=2$/);
  const first = await cardLinks(page);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await pressShowMore(page);
  await expect(cards(page)).toHaveCount(CATALOGUE_SIZE);
  const all = await cardLinks(page);
  expect(all.slice(0, FIRST_PAGE)).toEqual(first);
  expect(new Set(all).size).toBe(CATALOGUE_SIZE);
  await expect(more).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // The link's own page: page 2 of that order, the rest of the watches, and a way back.
  await openListing(page, href!);
  expect(await cardLinks(page)).toEqual(all.slice(FIRST_PAGE));
  await expect(page.getByRole('link', { name: '← First page' })).toHaveAttribute('href', href!.replace('&page=2', ''));
});

test('search matches model, description or brand, case-insensitively; Clear Filters restores', async ({ page }) => {
  await openListing(page, '/watches');
  const search = page.getByPlaceholder('Search watches...');

  await search.fill('DAYTONA');
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, 'Cosmograph Daytona')).toBeVisible();
  await expect(page.getByText('1 watch', { exact: true })).toBeVisible();

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
  await expect(cards(page)).toHaveCount(FIRST_PAGE);
  await expect(search).toHaveValue('');
});

test('Shuffle draws a new seed: another order of every watch, and Back returns to the one before', async ({ page }) => {
  // A seed in the address: Back shows its order again also when Shuffle was pressed before the
  // page was interactive (the browser then sent its form, and Back loads the page again).
  await openListing(page, '/watches?seed=5');
  const before = await cardLinks(page);
  await page.getByRole('button', { name: 'Shuffle' }).click();
  await expect(page).toHaveURL(/\/watches\?seed=\d+$/);
  await expect.poll(() => cardLinks(page)).not.toEqual(before);
  await expect(cards(page)).toHaveCount(FIRST_PAGE);
  // The new order's Show more carries the new seed: the pages of one order never repeat a watch.
  const seed = new URL(page.url()).searchParams.get('seed');
  await expect(showMoreLink(page)).toHaveAttribute('href', `/watches?seed=${seed}&page=2`);
  await showEveryWatch(page);
  expect(new Set(await cardLinks(page)).size).toBe(CATALOGUE_SIZE);

  await page.goBack();
  await expect(page).toHaveURL(/\/watches\?seed=5$/);
  await expect.poll(() => cardLinks(page)).toEqual(before);
});

test('sorting by price, lowest or highest first, and by newest, as links', async ({ page }) => {
  await openListing(page, '/watches');
  const sort = page.getByRole('navigation', { name: 'Sort' });
  await expect(sort.getByRole('link', { name: 'Shuffled' })).toHaveAttribute('aria-current', 'true');
  await expect(sort.getByRole('link', { name: 'Price: low to high' })).toHaveAttribute('href', '/watches?sort=price-asc');

  await sort.getByRole('link', { name: 'Price: low to high' }).click();
  await expect(page).toHaveURL(/\/watches\?sort=price-asc$/);
  await expect(sort.getByRole('link', { name: 'Price: low to high' })).toHaveAttribute('aria-current', 'true');
  await expect.poll(async () => {
    const prices = await cardPrices(page);
    return prices.length === FIRST_PAGE && prices.every((price, i) => i === 0 || prices[i - 1]! <= price);
  }).toBe(true);
  await showEveryWatch(page);
  const ascending = await cardPrices(page);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  await sort.getByRole('link', { name: 'Price: high to low' }).click();
  await expect(page).toHaveURL(/\/watches\?sort=price-desc$/);
  await expect.poll(async () => (await cardPrices(page))[0]).toBe(Math.max(...ascending));

  await sort.getByRole('link', { name: 'Newest' }).click();
  await expect(page).toHaveURL(/\/watches\?sort=newest$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/watches\?sort=price-desc$/);
  await expect.poll(async () => (await cardPrices(page))[0]).toBe(Math.max(...ascending));
});

test("the brand filter lists 'All Brands' then the brands alphabetically, as links, and filters", async ({ page }) => {
  await openListing(page, '/watches');
  const options = await brandFilter(page).getByRole('link').allTextContents();
  expect(options[0]).toBe('All Brands');
  const brands = options.slice(1);
  expect(brands).toHaveLength(17);
  expect(brands).toEqual([...brands].sort((a, b) => a.localeCompare(b, 'en')));
  await expect(brandLink(page, 'All Brands')).toHaveAttribute('aria-current', 'true');
  await expect(brandLink(page, 'All Brands')).toHaveAttribute('href', '/watches');
  await expect(brandLink(page, 'Omega')).toHaveAttribute('href', '/watches?brand=Omega');

  await brandLink(page, 'Omega').click();
  await expect(cards(page)).toHaveCount(3);
  expect(new Set(await cardBrands(page))).toEqual(new Set(['Omega']));
  await expect(page.getByText('3 watches', { exact: true })).toBeVisible();

  // Search and filter together can match nothing.
  await page.getByPlaceholder('Search watches...').fill('daytona');
  await expect(page.getByRole('heading', { name: 'No Watches Found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(brandLink(page, 'All Brands')).toHaveAttribute('aria-current', 'true');
  await expect(cards(page)).toHaveCount(FIRST_PAGE);
});

test('?brand= preselects the brand filter', async ({ page }) => {
  await openListing(page, '/watches?brand=NOMOS%20Glash%C3%BCtte');
  await expect(brandLink(page, 'NOMOS Glashütte')).toHaveAttribute('aria-current', 'true');
  await expect(cards(page)).toHaveCount(2);
  expect(new Set(await cardBrands(page))).toEqual(new Set(['NOMOS Glashütte']));
});

test('the brand filter and the search live in the address: shared, reloaded, and undone with Back', async ({ page, request }) => {
  await openListing(page, '/watches');
  const search = page.getByPlaceholder('Search watches...');

  await brandLink(page, 'Rolex').click();
  await expect(page).toHaveURL(/\/watches\?brand=Rolex$/);
  await brandLink(page, 'Omega').click();
  await expect(page).toHaveURL(/\/watches\?brand=Omega$/);
  await search.fill('sea');
  await expect(page).toHaveURL(/\/watches\?brand=Omega&q=sea$/);
  // The search's page is shown: as many cards as the catalogue has Omegas matching 'sea'.
  const answer = await request.get('/api/watches?listing=all&brand=Omega&q=sea&seed=1');
  const { total } = (await answer.json()) as { total: number };
  expect(total).toBeGreaterThan(0);
  await expect(page.getByText(`${total} ${total === 1 ? 'watch' : 'watches'}`, { exact: true })).toBeVisible();
  await expect(cards(page)).toHaveCount(total);
  expect(new Set(await cardBrands(page))).toEqual(new Set(['Omega']));
  const shown = await cardLinks(page);
  expect(shown.length).toBeGreaterThan(0);

  // Back: the brand chosen before; again: the whole listing. (A brand pressed before the page is
  // interactive is followed as a link, so whether Back loads a page again is not checked here.)
  await page.goBack();
  await expect(page).toHaveURL(/\/watches\?brand=Rolex$/);
  await expect(brandLink(page, 'Rolex')).toHaveAttribute('aria-current', 'true');
  await expect(search).toHaveValue('');
  await expect.poll(async () => new Set(await cardBrands(page))).toEqual(new Set(['Rolex']));
  await page.goBack();
  await expect(page).toHaveURL(/\/watches$/);
  await expect(brandLink(page, 'All Brands')).toHaveAttribute('aria-current', 'true');
  await expect(cards(page)).toHaveCount(FIRST_PAGE);

  // The address alone gives the same view: a reload, or the link sent to someone.
  await page.goto('/watches?brand=Omega&q=sea');
  await expect(brandLink(page, 'Omega')).toHaveAttribute('aria-current', 'true');
  await expect(search).toHaveValue('sea');
  await expect.poll(async () => new Set(await cardLinks(page))).toEqual(new Set(shown));
});

test("an unknown ?brand= shows 'No Watches Found' and 'Clear Filters', not every watch", async ({ page }) => {
  await page.goto('/watches?brand=Maison%20Inconnue', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'No Watches Found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filter criteria.')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(cards(page)).toHaveCount(FIRST_PAGE);
  await expect(page).toHaveURL(/\/watches$/);
});

/**
 * Without JavaScript: what a browser without scripts shows and does, as a shopper uses it. The
 * listing is in the document itself, and every control is a link or a GET form the server answers.
 */
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search is a GET form of the listing: Enter finds the watch, keeping the brand and the sort', async ({ page }) => {
    await page.goto('/watches?brand=Rolex&sort=newest');
    await expect(cards(page)).not.toHaveCount(0);
    await expect(page.getByText('Loading luxury timepieces...')).toHaveCount(0);
    const search = page.getByPlaceholder('Search watches...');
    await search.fill('daytona');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/watches\?q=daytona&brand=Rolex&sort=newest$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, 'Cosmograph Daytona')).toBeVisible();
    await expect(page.getByText('1 watch', { exact: true })).toBeVisible();
    await expect(search).toHaveValue('daytona');
  });

  test("a frame painted before the cards arrive already has the grid at full width, so their arrival moves nothing", async ({ page, request }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    // The document as far as a browser has parsed it when it paints just after the grid began.
    const html = await (await request.get('/watches')).text();
    const gridStart = html.indexOf('<ul class="grid');
    expect(gridStart).toBeGreaterThan(0);
    await page.route(/\/watches$/, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html.slice(0, html.indexOf('>', gridStart) + 1) }));
    await page.goto('/watches');
    const grid = page.locator('main ul.grid');
    await expect(grid.locator('li')).toHaveCount(0);
    const [gridBox, columnBox] = await grid.evaluate((element) => [element.getBoundingClientRect().toJSON() as DOMRect, element.parentElement!.getBoundingClientRect().toJSON() as DOMRect]);
    expect({ left: gridBox.left, width: gridBox.width }).toEqual({ left: columnBox.left, width: columnBox.width });
  });

  test('the brand links, the sort, Show more, Shuffle and Clear Filters each lead to the page they say', async ({ page }) => {
    await page.goto('/watches');
    await expect(cards(page)).toHaveCount(FIRST_PAGE);
    const firstPage = await cardLinks(page);

    await pressShowMore(page);
    await expect(page).toHaveURL(/\/watches\?seed=\d+&page=2$/);
    await expect(page.getByRole('link', { name: '← First page' })).toBeVisible();
    const secondPage = await cardLinks(page);
    expect(new Set([...firstPage, ...secondPage]).size).toBe(CATALOGUE_SIZE);

    await page.goBack();
    await expect(page).toHaveURL(/\/watches$/);
    await expect(cards(page)).toHaveCount(FIRST_PAGE);

    await page.getByRole('button', { name: 'Shuffle' }).click();
    await expect(page).toHaveURL(/\/watches\?seed=\d+$/);
    await expect(cards(page)).toHaveCount(FIRST_PAGE);
    expect(await cardLinks(page)).not.toEqual(firstPage);

    await brandLink(page, 'Omega').click();
    await expect(page).toHaveURL(/[?&]brand=Omega/);
    await expect(cards(page)).toHaveCount(3);
    expect(new Set((await cardBrands(page)).map((brand) => brand.toLowerCase()))).toEqual(new Set(['omega']));

    await page.getByRole('navigation', { name: 'Sort' }).getByRole('link', { name: 'Price: low to high' }).click();
    await expect(page).toHaveURL(/[?&]sort=price-asc/);
    const prices = await cardPrices(page);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));

    await page.goto('/watches?brand=Omega&q=daytona');
    await expect(page.getByText('No Watches Found')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/watches\??$/);
    await expect(cards(page)).toHaveCount(FIRST_PAGE);
  });
});

test('on a 390 px phone the listing has two columns and the brand row shows that it scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openListing(page, '/watches');
  // Four cards in two rows of two (one column stacked them four high). How tall a row is depends
  // on the watches the shuffle puts first.
  const [first, second, third, fourth] = await cards(page).evaluateAll((all) =>
    all.slice(0, 4).map((item) => item.getBoundingClientRect().toJSON() as DOMRect),
  );
  expect(second!.top).toBe(first!.top);
  expect(second!.left).toBeGreaterThan(first!.right);
  expect(third!.top).toBeGreaterThanOrEqual(first!.bottom);
  expect(third!.left).toBe(first!.left);
  expect(fourth!.top).toBe(third!.top);
  expect(fourth!.left).toBe(second!.left);
  const strip = brandFilter(page);
  const { scrolls, faded } = await strip.evaluate((node) => ({
    scrolls: node.scrollWidth > node.clientWidth,
    faded: getComputedStyle(node).maskImage.includes('gradient'),
  }));
  expect({ scrolls, faded }).toEqual({ scrolls: true, faded: true });
  // Scrolled to its end, the last brand clears the fade. Scrolled again until it stays: the page,
  // once interactive, brings the chosen brand (All Brands) back into view and may undo a scroll
  // made before.
  await expect
    .poll(async () => {
      await strip.evaluate((node) => node.scrollTo({ left: node.scrollWidth }));
      const last = await strip.getByRole('link').last().boundingBox();
      const stripBox = await strip.boundingBox();
      return stripBox!.x + stripBox!.width - 40 - (last!.x + last!.width);
    })
    .toBeGreaterThanOrEqual(0);
});

test('on a 360 px phone the brands scroll in one row, the chosen one in view, and a card shows at once', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await openListing(page, '/watches?brand=Tudor');
  const tudor = brandLink(page, 'Tudor');
  const allBrands = brandLink(page, 'All Brands');
  // One row: the last brand sits level with the first, scrolled sideways rather than wrapped.
  expect((await tudor.boundingBox())?.y).toBe((await allBrands.boundingBox())?.y);
  await expect(tudor).toBeInViewport();
  await expect(cards(page).first()).toBeInViewport();
});

test('on a 360 px phone only the brand row scrolls sideways: the page and every card fit', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await openListing(page, '/watches');
  await expect(cards(page)).toHaveCount(FIRST_PAGE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const boxes = await cards(page).evaluateAll((all) => all.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
  for (const box of boxes) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(360);
  }
});

test('a card shows badges, brand, model, two feature chips with +N more, SOL and USD prices', async ({ page }) => {
  await openListing(page, '/watches');
  await showEveryWatch(page);
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
  // The search's answer replaces the cards: the pointer goes to the card that stays.
  await expect(cards(page)).toHaveCount(1);
  const tangente = card(page, 'Tangente 38');
  const second = tangente.getByRole('img', { name: 'NOMOS Glashütte Tangente 38, another view' });
  await expect(second).toBeHidden();
  await tangente.hover();
  await expect(second).toBeVisible();
});

test('a broken image falls back to the placeholder', async ({ page }) => {
  // The picture as the card asks for it: its raster twin through the image optimizer, at any width.
  await page.route(/rolex-cosmograph-daytona-126500ln-1\.webp/, (route) => route.fulfill({ status: 404 }));
  await openListing(page, '/watches');
  await page.getByPlaceholder('Search watches...').fill('daytona');
  await expect(cards(page)).toHaveCount(1);
  const image = card(page, 'Cosmograph Daytona').getByRole('img', { name: 'Rolex Cosmograph Daytona', exact: true });
  await expect(image).toHaveAttribute('src', /\/images\/watch-placeholder\.svg$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
