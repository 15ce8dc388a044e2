import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { LISTING_PAGE_SIZE } from '@/lib/catalog/pages';
import { formatUsd } from '@/lib/price/format';
import { STAND_IN_SOL_PRICE } from './servers';

/** How many watches the demo catalogue (supabase/seed.sql) holds: every one is on /watches. */
export const CATALOGUE_SIZE = 40;
/** The cards of a listing's first page: the rest come with Show more (issue 34). */
export const FIRST_PAGE = LISTING_PAGE_SIZE;

/** The cards of the listing on the page (each card is an article in a list item). */
export function cards(page: Page): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('article') });
}

export function card(page: Page, model: string): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('link', { name: model, exact: true }) });
}

/** The watch-page links of the shown cards, in order: one per card, unique per watch. */
export async function cardLinks(page: Page): Promise<string[]> {
  return page.getByRole('article').getByRole('heading').getByRole('link').evaluateAll((links) =>
    links.map((link) => link.getAttribute('href') ?? ''),
  );
}

export async function cardBrands(page: Page): Promise<string[]> {
  return page.getByRole('article').locator('p.uppercase').allTextContents();
}

/** The watch page path of a model, as the listing's server HTML links it (a search finds it on the first page). */
export async function watchPath(request: APIRequestContext, model: string): Promise<string> {
  const html = await (await request.get(`/watches?q=${encodeURIComponent(model)}`)).text();
  const escaped = model.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = html.match(new RegExp(`href="(/watches/[0-9a-f-]{36})"[^>]*>${escaped}<`));
  if (!match?.[1]) throw new Error(`No link to ${model} on /watches`);
  return match[1];
}

/** The USD text shown for a SOL price at the stand-in price service's rate. */
export function usdAtStandInRate(priceSol: number): string {
  return `≈ ${formatUsd(priceSol, STAND_IN_SOL_PRICE)}`;
}

/**
 * Opens a listing and returns once its first card is visible, as a shopper starts pressing: a
 * press before the page is interactive is carried out once it is (lib/presses-before-hydration.ts).
 */
export async function openListing(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.getByRole('article').first()).toBeVisible();
}

/** The listing's Show more link. */
export function showMoreLink(page: Page): Locator {
  return page.getByRole('link', { name: 'Show more' });
}

/**
 * Presses Show more, scrolled to first, as a shopper reaches it: the cards above it are laid out
 * only once near the screen (content-visibility), and a link that moves between press and release
 * is no click.
 */
export async function pressShowMore(page: Page) {
  await showMoreLink(page).scrollIntoViewIfNeeded();
  await showMoreLink(page).click();
}

/**
 * Presses Show more until every watch of the listing is shown. Whether the first page has a Show
 * more link is known once the server's document has arrived: its first cards are painted while the
 * rest of it, the link included, is still streaming in.
 */
export async function showEveryWatch(page: Page) {
  await page.waitForLoadState('domcontentloaded');
  while (await showMoreLink(page).isVisible()) {
    const before = await cards(page).count();
    await pressShowMore(page);
    await expect.poll(() => cards(page).count()).toBeGreaterThan(before);
  }
}

/** The SOL prices of the shown cards, in order. */
export async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.getByRole('article').getByText(/^[\d,.]+ SOL$/).allTextContents();
  return texts.map((text) => Number(text.replace(/[^\d.]/g, '')));
}

/** A card's watch-page link in a listing's server HTML. */
export const CARD_LINK = /href="\/watches\/[0-9a-f-]{36}"/g;

/** Where a listing's server HTML sends its Show more link, if it has one. */
export function showMoreHref(html: string): string | undefined {
  return html.match(/href="([^"]+)"[^>]*>Show more</)?.[1]?.replaceAll('&amp;', '&');
}

/**
 * The part of a document a browser shows where the server put it: what comes before the first
 * segment React streamed in behind a Suspense fallback (hidden until a script moves it into place).
 */
export function inPlace(html: string): string {
  return html.split('<div hidden id="S:')[0]!;
}
