import { shuffle, type RandomSource } from './listing';
import type { Watch } from './types';

/**
 * /featured's selection (SPEC §2, §9). Which watches are special or crypto editions is the
 * database's to say (has_feature_containing in supabase/migrations/…_catalogue_pages.sql).
 */

/** SPEC §9: the featured page adds at most 2 special-edition watches. */
export const MAX_FEATURED_EXTRAS = 2;

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
