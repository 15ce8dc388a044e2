import { expect, type Locator, type Page } from '@playwright/test';
import { formatUsd } from '@/lib/price/format';
import { STAND_IN_SOL_PRICE } from './servers';

/** How many watches the demo catalogue (supabase/seed.sql) holds: every one is on /watches. */
export const CATALOGUE_SIZE = 40;

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
