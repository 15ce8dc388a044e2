import { z } from '@/lib/zod';
import { COUNTED_FACETS, FACET_CHOICES, facetsArg, type FacetCounts } from './facets';
import { ADMIN_PAGE_SIZE, LISTING_PAGE_SIZE, pageOffset, type FacetedListing, type ListingRequest, type WatchPage } from './pages';
import { watchRowSchema } from './schema';
import type { SitemapWatch } from './store';

/**
 * The arguments of the catalogue's page functions (supabase/migrations/…_catalogue_pages.sql) and
 * how their answers are read, shared by both stores: the embedded one passes the arguments in
 * this order, the Supabase one by name.
 */

export function listingPageArgs(request: ListingRequest) {
  return {
    p_listing: request.listing,
    p_query: request.query,
    // '' for every brand: a GET to Supabase cannot send a null.
    p_brand: request.brand ?? '',
    p_sort: request.sort,
    p_seed: request.seed,
    p_offset: pageOffset(request.page, LISTING_PAGE_SIZE),
    p_limit: LISTING_PAGE_SIZE,
    // Text: a GET to Supabase sends each argument as text, and the database reads it as jsonb.
    p_facets: JSON.stringify(facetsArg(request.facets)),
  };
}

/** The arguments of listing_facets: the listing, its search, its brand and its filters. */
export function listingFacetsArgs(request: FacetedListing) {
  return {
    p_listing: request.listing,
    p_query: request.query,
    p_brand: request.brand ?? '',
    p_facets: JSON.stringify(facetsArg(request.facets)),
  };
}

const choiceCounts = z.record(z.string(), z.coerce.number());
const facetCountsSchema = z.object({ condition: choiceCounts, papers: choiceCounts, material: choiceCounts, movement: choiceCounts });

/** The counts as listing_facets answers them, each facet's choices only (a stray key is dropped). */
export function toFacetCounts(json: unknown): FacetCounts {
  const counts = facetCountsSchema.parse(json);
  return Object.fromEntries(
    COUNTED_FACETS.map((facet) => [
      facet,
      Object.fromEntries(Object.entries(counts[facet]).filter(([choice]) => (FACET_CHOICES[facet] as readonly string[]).includes(choice))),
    ]),
  ) as FacetCounts;
}

export function cataloguePageArgs(query: string, page: number) {
  return { p_query: query, p_offset: pageOffset(page, ADMIN_PAGE_SIZE), p_limit: ADMIN_PAGE_SIZE };
}

const watchPageSchema = z.object({ total: z.coerce.number(), watches: z.array(watchRowSchema) });

export function toWatchPage(json: unknown): WatchPage {
  return watchPageSchema.parse(json);
}

const sitemapWatchSchema = watchRowSchema.pick({ id: true, image_urls: true, created_at: true });

export function toSitemapWatch(row: unknown): SitemapWatch {
  return sitemapWatchSchema.parse(row);
}
