import { cacheLife, cacheTag } from 'next/cache';
import { CATALOG_LIFE, CATALOG_TAG, getAvailableWatches, getCatalogueWatches, getFeaturedWatches } from '@/lib/catalog/cached';
import { isCryptoEdition, selectFeatured, shuffle } from '@/lib/catalog/listing';
import { CRYPTO_EDITIONS_COPY, FEATURED_COPY, WATCHES_COPY } from './listing-copy';
import { EmptyState } from './listing-states';
import { WatchGrid } from './watch-grid';
import { WatchListing } from './watch-listing';

/*
 * The rendered listings, cached by Next under the catalogue's tag (issue 12): rendering 40 cards on
 * every request held a crowd to a few dozen pages a second. `ordering` (one of LISTING_ORDERINGS)
 * is part of the cache key, so each ordering is its own shuffle, drawn once per catalogue change;
 * an admin write revalidates the tag and with it every ordering. A failed catalogue read throws
 * and is not cached.
 */

export async function watchesListing(ordering: number) {
  'use cache';
  cacheTag(CATALOG_TAG);
  cacheLife(CATALOG_LIFE);
  void ordering;
  return <WatchListing watches={shuffle(await getCatalogueWatches())} copy={WATCHES_COPY} label="All watches" />;
}

export async function cryptoEditionsListing(ordering: number) {
  'use cache';
  cacheTag(CATALOG_TAG);
  cacheLife(CATALOG_LIFE);
  void ordering;
  const watches = shuffle((await getCatalogueWatches()).filter(isCryptoEdition));
  return <WatchListing watches={watches} copy={CRYPTO_EDITIONS_COPY} label="Crypto editions" />;
}

/** /featured: each ordering also has its own random special editions (SPEC §2). */
export async function featuredListing(ordering: number) {
  'use cache';
  cacheTag(CATALOG_TAG);
  cacheLife(CATALOG_LIFE);
  void ordering;
  const [featured, available] = await Promise.all([getFeaturedWatches(), getAvailableWatches()]);
  const watches = selectFeatured(featured, available);
  return watches.length === 0 ? (
    <EmptyState title={FEATURED_COPY.emptyTitle} message={FEATURED_COPY.emptyMessage} />
  ) : (
    <WatchGrid watches={watches} featured label="Featured watches" />
  );
}
