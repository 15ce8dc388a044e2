import type { Watch } from './types';

/**
 * The listing rules of SPEC §2 that run in the browser too: search, the brand filter and the
 * shuffle. Pure functions, shared by the server (first order) and the client (search, filter,
 * Shuffle). Which watches the special pages show is in special-editions.ts, what a card or the
 * gallery shows of a watch in card-display.ts: kept apart so that a page loads only the rules it
 * runs (issue 25).
 */

export const ALL_BRANDS = 'All Brands';

/** A source of numbers in [0, 1), like Math.random; tests inject a predictable one. */
export type RandomSource = () => number;

/** Fisher–Yates on a copy: every item kept, each order equally likely with a fair source. */
export function shuffle<T>(items: readonly T[], random: RandomSource = Math.random): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

/** Case-insensitive match on model, description or brand; a blank query matches everything. */
export function matchesSearch(watch: Pick<Watch, 'model' | 'description' | 'brand'>, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return [watch.model, watch.description, watch.brand].some((text) => text.toLocaleLowerCase().includes(needle));
}

/** 'All Brands' and each distinct brand, sorted; empty when there is only one brand (no filter shown). */
export function brandFilterOptions(watches: readonly Pick<Watch, 'brand'>[]): string[] {
  const brands = [...new Set(watches.map((watch) => watch.brand))].sort((a, b) => a.localeCompare(b, 'en'));
  return brands.length > 1 ? [ALL_BRANDS, ...brands] : [];
}

export type ListingFilter = { query: string; brand: string };

/**
 * The search and brand filter a listing's address asks for (`?q=`, `?brand=`). A brand the
 * catalogue does not have stays asked for: it matches nothing, and the listing says so (SPEC:
 * 'No Watches Found' with 'Clear Filters') instead of silently showing every watch.
 */
export function listingFilterFromUrl(params: Pick<URLSearchParams, 'get'>): ListingFilter {
  return { query: params.get('q') ?? '', brand: params.get('brand') || ALL_BRANDS };
}

/** The address of a listing showing `filter`: its other parameters kept, defaults left out. */
export function listingUrl(current: string, { query, brand }: ListingFilter): string {
  const url = new URL(current);
  for (const [name, value] of [['brand', brand === ALL_BRANDS ? '' : brand], ['q', query]] as const) {
    if (value) url.searchParams.set(name, value);
    else url.searchParams.delete(name);
  }
  return url.pathname + url.search + url.hash;
}

export function filterWatches<T extends Pick<Watch, 'model' | 'description' | 'brand'>>(
  watches: readonly T[],
  { query, brand }: ListingFilter,
): T[] {
  return watches.filter((watch) => (brand === ALL_BRANDS || watch.brand === brand) && matchesSearch(watch, query));
}

/**
 * Which state a listing shows: its cards, the "nothing matches" state (search or filter gave
 * nothing), or the "nothing available" state (the catalogue itself is empty).
 */
export type ListingState = 'results' | 'no-match' | 'empty';

export function listingState(total: number, shown: number): ListingState {
  if (total === 0) return 'empty';
  return shown === 0 ? 'no-match' : 'results';
}
