import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { CATALOG_LIFE, getFeaturedWatches } from './cached';
import { MAX_FEATURED_EXTRAS, selectFeatured } from './special-editions';
import { CATALOG_TAG } from './tags';
import { catalogStore } from './server-store';

/**
 * /featured's extras (SPEC §2): up to 2 available special editions picked at random in SQL, none of
 * the featured watches. Cached like the other catalogue reads, so a busy /featured asks the
 * database once a minute rather than on every request: the pick changes then, the order of the
 * page on every request (selectFeatured).
 */
export async function getSpecialEditionSample(featuredIds: string[]) {
  'use cache';
  cacheTag(CATALOG_TAG);
  cacheLife(CATALOG_LIFE);
  return catalogStore().specialEditionSample(featuredIds, MAX_FEATURED_EXTRAS);
}

/** What /featured shows: the featured call (newest featured per brand) and its extras, shuffled. */
export async function loadFeaturedSelection() {
  const featured = await getFeaturedWatches();
  return selectFeatured(featured, await getSpecialEditionSample(featured.map((watch) => watch.id)));
}
