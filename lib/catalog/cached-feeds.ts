import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { CATALOG_LIFE } from './cached';
import { CATALOG_TAG } from './tags';
import { catalogStore } from './server-store';

/**
 * The feeds' small catalogue reads (issue 34), cached like the pages' (lib/catalog/cached.ts):
 * how many watches there are (the sitemap index) and the newest ones (llms.txt). The sitemap's
 * files themselves are read uncached: up to 50,000 rows each, asked for by crawlers now and then,
 * they would only crowd the cache.
 */

export async function getWatchCount() {
  'use cache';
  cacheTag(CATALOG_TAG);
  cacheLife(CATALOG_LIFE);
  return catalogStore().watchCount();
}

export async function getNewestWatches(limit: number) {
  'use cache';
  cacheTag(CATALOG_TAG);
  cacheLife(CATALOG_LIFE);
  return catalogStore().newestWatches(limit);
}
