/**
 * The listing rules of SPEC §2 that are not the database's: the brand filter's options, which
 * state a listing shows and the shuffle of /featured. The search, filter and
 * seeded shuffle of /watches and /crypto-editions run in SQL, one page at a time (pages.ts).
 */

import { chosenFilters, type ListingFacets } from './facets';

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

/**
 * 'All Brands' and each distinct brand of the listing, sorted as people read them (the database's
 * collation may sort otherwise); empty when there is only one brand (no filter shown).
 */
export function brandFilterOptions(brands: readonly string[]): string[] {
  const sorted = [...new Set(brands)].sort((a, b) => a.localeCompare(b, 'en'));
  return sorted.length > 1 ? [ALL_BRANDS, ...sorted] : [];
}

/**
 * Which state a listing shows: its cards, the "nothing matches" state (the search or brand found
 * nothing), or the "nothing available" state (the listing itself is empty).
 */
export type ListingState = 'results' | 'no-match' | 'empty';

export function listingState(
  total: number,
  { query, brand, facets }: { query: string; brand: string | null; facets: ListingFacets },
): ListingState {
  if (total > 0) return 'results';
  return query === '' && brand === null && chosenFilters(facets) === 0 ? 'empty' : 'no-match';
}
