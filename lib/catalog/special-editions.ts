import { shuffle, type RandomSource } from './listing';
import type { Watch } from './types';

/**
 * Which watches the special pages show (SPEC §2, §9): the crypto editions and the featured
 * selection. Server-side only in practice: the pages pass the chosen watches to the browser.
 */

/** Feature texts that make a watch a special edition (/featured extras). Case-sensitive, as in the seed. */
const SPECIAL_EDITION_MARKERS = ['nft_certified', 'Special Edition'] as const;

/** Feature texts that put a watch on /crypto-editions. */
const CRYPTO_EDITION_MARKERS = [...SPECIAL_EDITION_MARKERS, 'crypto', 'blockchain', 'QR'] as const;

/** SPEC §9: the featured page adds at most 2 special-edition watches. */
export const MAX_FEATURED_EXTRAS = 2;

const hasFeatureContaining = (watch: Pick<Watch, 'features'>, markers: readonly string[]) =>
  watch.features.some((feature) => markers.some((marker) => feature.includes(marker)));

export function isSpecialEdition(watch: Pick<Watch, 'features'>): boolean {
  return hasFeatureContaining(watch, SPECIAL_EDITION_MARKERS);
}

export function isCryptoEdition(watch: Pick<Watch, 'features'>): boolean {
  return hasFeatureContaining(watch, CRYPTO_EDITION_MARKERS);
}

/**
 * /featured: the featured watches plus the special editions sampled for them (at most 2, picked in
 * SQL among the available ones, lib/catalog/cached-featured.ts), shuffled. Never a watch twice
 * (DESIGN): the two reads are cached apart, so a watch featured since the sample was drawn could
 * be in both.
 */
export function selectFeatured(
  featured: readonly Watch[],
  extras: readonly Watch[],
  random: RandomSource = Math.random,
): Watch[] {
  const chosen = new Map(featured.map((watch) => [watch.id, watch]));
  for (const watch of extras.slice(0, MAX_FEATURED_EXTRAS)) if (!chosen.has(watch.id)) chosen.set(watch.id, watch);
  return shuffle([...chosen.values()], random);
}
