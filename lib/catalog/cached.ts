import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { getStores } from '@/lib/stores';

/**
 * The catalogue reads of the pages, cached by Next under one tag. Every admin write revalidates
 * the tag, so the next request shows the change. With several server instances, another instance
 * sees it when its copy revalidates, within CATALOG_LIFE.
 */
export const CATALOG_TAG = 'watches';

/** Bounds how stale another server instance, which did not see a write, can be. */
export const CATALOG_LIFE = { stale: 30, revalidate: 60, expire: 3600 };

export async function getFeaturedWatches() {
  'use cache';
  cacheTag(CATALOG_TAG);
  cacheLife(CATALOG_LIFE);
  return getStores().catalog.listFeatured();
}

export async function getCatalogueWatches() {
  'use cache';
  cacheTag(CATALOG_TAG);
  cacheLife(CATALOG_LIFE);
  return getStores().catalog.listAll();
}

export async function getAvailableWatches() {
  'use cache';
  cacheTag(CATALOG_TAG);
  cacheLife(CATALOG_LIFE);
  return getStores().catalog.listAvailable();
}

/** One watch, or null for an unknown or malformed id. */
export async function getWatch(id: string) {
  'use cache';
  cacheTag(CATALOG_TAG);
  cacheLife(CATALOG_LIFE);
  return getStores().catalog.get(id);
}
