import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import type { FacetedListing, Listing, ListingRequest } from './pages';
import { CATALOG_TAG } from './tags';
import { catalogStore } from './server-store';

/*
 * The catalogue reads of the pages, cached by Next under one tag (lib/catalog/tags.ts). Every
 * write revalidates the tag through the database (lib/catalog/revalidate.ts), so the next request
 * on any instance shows the change.
 */

/**
 * A bound for when a revalidation could not be recorded for the other instances (the database
 * failed right after the write): they then show it when their copy revalidates.
 */
export const CATALOG_LIFE = { stale: 30, revalidate: 60, expire: 3600 };

export async function getFeaturedWatches() {
  'use cache';
  cacheTag(CATALOG_TAG);
  cacheLife(CATALOG_LIFE);
  return catalogStore().listFeatured();
}

/** One watch, or null for an unknown or malformed id. */
export async function getWatch(id: string) {
  'use cache';
  cacheTag(CATALOG_TAG);
  cacheLife(CATALOG_LIFE);
  return catalogStore().get(id);
}

/** A watch's price history, oldest first (issue 50). */
export async function getPriceHistory(id: string) {
  'use cache';
  cacheTag(CATALOG_TAG);
  cacheLife(CATALOG_LIFE);
  return catalogStore().priceHistory(id);
}

/**
 * One page of a listing, kept until the next catalogue edit: the first pages every shopper and
 * crawler opens (a few seeds each, listing-request.ts), and the searches shoppers repeat, which
 * would otherwise each cost a scan of the catalogue (docs/performance.md). Searches are as many
 * as texts typed: the cache's memory bound (lib/cache-tags/handler.ts) drops the least asked for.
 */
export async function getListingPage(request: ListingRequest) {
  'use cache';
  cacheTag(CATALOG_TAG);
  cacheLife(CATALOG_LIFE);
  return catalogStore().listingPage(request);
}

/** How many watches each choice of a listing's filters would leave, kept like its pages. */
export async function getListingFacets(listing: FacetedListing) {
  'use cache';
  cacheTag(CATALOG_TAG);
  cacheLife(CATALOG_LIFE);
  return catalogStore().listingFacets(listing);
}

export async function getListingBrands(listing: Listing) {
  'use cache';
  cacheTag(CATALOG_TAG);
  cacheLife(CATALOG_LIFE);
  return catalogStore().listingBrands(listing);
}
