import { isStoreError } from '@/lib/store-errors';
import type { FacetCounts } from './facets';
import type { PricePoint } from './price-history';
import type { FacetedListing, Listing, ListingRequest, WatchPage } from './pages';
import type { Watch, WatchInput } from './types';

/**
 * The catalogue, whatever holds it (embedded PGlite or Supabase). Reads follow SPEC §7; the
 * queries themselves are SQL functions in supabase/migrations, shared by both implementations.
 * Writes validate their input first (parseWatchInput) and throw WatchValidationError on bad input,
 * writing nothing.
 */
export interface CatalogStore {
  /** Available and featured, the newest per brand, newest first. */
  listFeatured(): Promise<Watch[]>;
  /** Every watch, sold out too, by brand then newest first (the admin list). */
  listAll(): Promise<Watch[]>;
  /** One page of a storefront listing (lib/catalog/pages.ts), with its number of watches in all. */
  listingPage(request: ListingRequest): Promise<WatchPage>;
  /** How many watches each choice of each collector's filter would leave (issue 50). */
  listingFacets(listing: FacetedListing): Promise<FacetCounts>;
  /** Each distinct brand of a listing, alphabetically (SPEC §2's brand filter). */
  listingBrands(listing: Listing): Promise<string[]>;
  /** How many available watches a brand has (SPEC §2's brand cards). */
  availableBrandCount(brand: string): Promise<number>;
  /** One page (from 1) of the admin grid, searched like the storefront, in SPEC's order. */
  cataloguePage(query: string, page: number): Promise<WatchPage>;
  /** Up to `limit` available special editions picked at random, none of `exclude` (/featured). */
  specialEditionSample(exclude: string[], limit: number): Promise<Watch[]>;
  /** The `limit` newest watches, sold out too. */
  newestWatches(limit: number): Promise<Watch[]>;
  /** How many watches there are, sold out too. */
  watchCount(): Promise<number>;
  /** Watches `offset` to `offset + limit` for the sitemap, oldest first. */
  sitemapWatches(offset: number, limit: number): Promise<SitemapWatch[]>;
  /**
   * Up to `limit` (at most 1,000) watches, sold out too, in the order of their ids, after the
   * watch `afterId` (null: from the first): the catalogue's CSV export, a batch at a time.
   */
  exportBatch(afterId: string | null, limit: number): Promise<Watch[]>;
  get(id: string): Promise<Watch | null>;
  /** A watch's last PRICE_HISTORY_LENGTH prices, oldest first; none for an unknown id. */
  priceHistory(id: string): Promise<PricePoint[]>;
  create(input: WatchInput): Promise<Watch>;
  /**
   * Saves an edit made to the watch as it was when its stock was `expectedStock`, in one
   * statement: when a sale (or another edit) has changed the stock since, nothing is written and
   * StockChangedError carries the watch as it is, so an edit can never bring a sold piece back.
   * Null when no watch has that id.
   */
  update(id: string, input: WatchInput, expectedStock: number): Promise<Watch | null>;
  toggleFeatured(id: string): Promise<Watch | null>;
  setAvailable(id: string, available: boolean): Promise<Watch | null>;
  /** False when no watch had that id. */
  remove(id: string): Promise<boolean>;
}

/** What the sitemap lists of a watch. */
export type SitemapWatch = Pick<Watch, 'id' | 'image_urls' | 'created_at'>;

/** An edit made against a stock that has changed since (CatalogStore.update). */
export class StockChangedError extends Error {
  override name = 'StockChangedError';
  constructor(readonly current: Watch) {
    super(`The stock of this watch is now ${current.stock}: it changed while it was being edited (a sale or another edit)`);
  }
}

/** Told by name: the store may have been made by another bundle (lib/store-errors.ts). */
export function isStockChangedError(error: unknown): error is StockChangedError {
  return isStoreError(error, 'StockChangedError') && 'current' in error;
}

/** After an update matched no row: no such watch (null), or its stock had changed. */
export function unmatchedUpdate(current: Watch | null): null {
  if (current) throw new StockChangedError(current);
  return null;
}
