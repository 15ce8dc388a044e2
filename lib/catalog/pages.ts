import type { ListingFacets } from './facets';
import type { Watch } from './types';

/**
 * One page of the catalogue at a time (issue 34): what a listing or the admin grid asks the store
 * for, and what it gets. The search, filter, order and count run in SQL
 * (supabase/migrations/20261126000100_catalogue_pages.sql), so a page costs the same at 40 watches
 * and at 100,000.
 */

/** The storefront listings: every watch (/watches), or the crypto editions (/crypto-editions). */
export const LISTINGS = ['all', 'crypto'] as const;
export type Listing = (typeof LISTINGS)[number];

/**
 * How a listing is ordered: SPEC's shuffle (a random order fixed by a seed, by relevance first
 * when searching), the newest first, or by price.
 */
export const LISTING_SORTS = ['shuffle', 'newest', 'price-asc', 'price-desc'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/** Cards per page of a listing: a phone's few screens, a desktop's four rows of six. */
export const LISTING_PAGE_SIZE = 24;
/** Watches per page of the admin grid. */
export const ADMIN_PAGE_SIZE = 24;

/** Seeds are whole numbers from 1 to this; any other seed asked for is not one. */
export const MAX_SEED = 2_147_483_647;

/**
 * The seeded orders a listing's first page without a seed is shown in, one picked per load
 * (listing-request.ts withSeed): the document cache keeps one rendering of each
 * (lib/document-cache/requests.ts), so the bare listing stays a kept page.
 */
export const UNSEEDED_ORDERS = 12;

export type ListingRequest = {
  listing: Listing;
  /** SPEC's search text; '' for none. */
  query: string;
  /** One brand, or null for every brand. */
  brand: string | null;
  /** The collector's filters (issue 50); NO_FACETS for none. */
  facets: ListingFacets;
  sort: ListingSort;
  /** Fixes the shuffled order, so that pages never repeat or skip a watch. */
  seed: number;
  /** From 1. */
  page: number;
};

/** What a listing's facet counts depend on: not its order or its page. */
export type FacetedListing = Pick<ListingRequest, 'listing' | 'query' | 'brand' | 'facets'>;

export type WatchPage = {
  /** The watches of the page asked for, in order. */
  watches: Watch[];
  /** How many watches match in all, on every page. */
  total: number;
};

/** The first watch of `page` (from 1), counted from 0, for pages of `size`. */
export function pageOffset(page: number, size: number): number {
  return (Math.max(1, Math.floor(page)) - 1) * size;
}
