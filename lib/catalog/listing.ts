import type { Watch } from './types';

/**
 * The listing rules of SPEC §2: which watches the special pages show, the featured selection,
 * search, the brand filter and the shuffle. Pure functions, shared by the server (first order) and
 * the client (search, filter, Shuffle).
 */

/** Feature texts that make a watch a special edition (/featured extras). Case-sensitive, as in the seed. */
const SPECIAL_EDITION_MARKERS = ['nft_certified', 'Special Edition'] as const;

/** Feature texts that put a watch on /crypto-editions. */
const CRYPTO_EDITION_MARKERS = [...SPECIAL_EDITION_MARKERS, 'crypto', 'blockchain', 'QR'] as const;

/** SPEC §9: the featured page adds at most 2 special-edition watches. */
export const MAX_FEATURED_EXTRAS = 2;

export const ALL_BRANDS = 'All Brands';

/** A source of numbers in [0, 1), like Math.random; tests inject a predictable one. */
export type RandomSource = () => number;

const hasFeatureContaining = (watch: Pick<Watch, 'features'>, markers: readonly string[]) =>
  watch.features.some((feature) => markers.some((marker) => feature.includes(marker)));

export function isSpecialEdition(watch: Pick<Watch, 'features'>): boolean {
  return hasFeatureContaining(watch, SPECIAL_EDITION_MARKERS);
}

export function isCryptoEdition(watch: Pick<Watch, 'features'>): boolean {
  return hasFeatureContaining(watch, CRYPTO_EDITION_MARKERS);
}

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
 * /featured: the featured watches plus up to 2 special editions picked at random from the available
 * watches, never one already in the list (DESIGN: /featured never shows a watch twice), shuffled.
 */
export function selectFeatured(
  featured: readonly Watch[],
  available: readonly Watch[],
  random: RandomSource = Math.random,
): Watch[] {
  const chosen = new Map(featured.map((watch) => [watch.id, watch]));
  const candidates = available.filter((watch) => isSpecialEdition(watch) && !chosen.has(watch.id));
  const extras = shuffle(candidates, random).slice(0, MAX_FEATURED_EXTRAS);
  for (const watch of extras) chosen.set(watch.id, watch);
  return shuffle([...chosen.values()], random);
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

/** SPEC §9: cards show at most 2 feature chips; the detail dialog at most 4 thumbnails. */
export const MAX_FEATURE_CHIPS = 2;
export const MAX_THUMBNAILS = 4;

/** The chips a card shows, and how many features the '+N more' stands for. */
export function featureChips(features: readonly string[]): { chips: string[]; more: number } {
  return { chips: features.slice(0, MAX_FEATURE_CHIPS), more: Math.max(features.length - MAX_FEATURE_CHIPS, 0) };
}

/**
 * The up to 4 thumbnails shown for the image at `active`, with the index of the first: the first
 * four while one of them is active, else the four ending at the active one, so it is always shown.
 */
export function thumbnails(images: readonly string[], active = 0): { start: number; shown: string[] } {
  const start = Math.min(Math.max(active - (MAX_THUMBNAILS - 1), 0), Math.max(images.length - MAX_THUMBNAILS, 0));
  return { start, shown: images.slice(start, start + MAX_THUMBNAILS) };
}
