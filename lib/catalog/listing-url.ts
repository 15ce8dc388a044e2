import type { ShopWatch } from './shop-watch';
import { facetParams } from './facets';
import { LISTING_PAGE_SIZE, MAX_SEED, type Listing, type ListingRequest } from './pages';

/**
 * The addresses of a listing's views (SPEC §2): what its links, forms and the browser's address
 * bar say; GET /api/watches reads the same parameters (with `listing`). The server writes them
 * (the parsing is in listing-request.ts); Show more adds the page to the view's address itself
 * (components/catalog/listing-grid.tsx), so that none of this reaches the browser's code.
 */

export const LISTING_PATHS: Record<Listing, string> = { all: '/watches', crypto: '/crypto-editions' };

/** A listing's view as its address names it; a seed only when the address carries one. */
export type ListingView = Omit<ListingRequest, 'seed'> & { seed: number | null };

/**
 * `/watches?brand=…&q=…&ref=…&condition=…&sort=…&seed=…&page=…`, defaults left out: the first page of the
 * shuffle without a seed is the bare listing, a kept rendering of the document cache.
 */
export function listingHref(view: ListingView): string {
  const params = new URLSearchParams();
  if (view.brand !== null) params.set('brand', view.brand);
  if (view.query !== '') params.set('q', view.query);
  for (const [name, value] of facetParams(view.facets)) params.append(name, value);
  if (view.sort !== 'shuffle') params.set('sort', view.sort);
  if (view.seed !== null) params.set('seed', String(view.seed));
  if (view.page > 1) params.set('page', String(view.page));
  const search = params.toString();
  return search ? `${LISTING_PATHS[view.listing]}?${search}` : LISTING_PATHS[view.listing];
}

/** One page of a listing as the browser gets it: in the page's HTML, or from GET /api/watches. */
export type ListingPageData = {
  /** What was asked for, as read from the address: the client shows it (after Back, say). */
  request: ListingRequest;
  /** Only what the browser may see of each watch (shop-watch.ts). */
  watches: ShopWatch[];
  /** Watches matching in all, on every page. */
  total: number;
  page: number;
  pageCount: number;
};

/** How many pages `total` watches fill; at least one, which an empty listing shows empty. */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / LISTING_PAGE_SIZE));
}

/**
 * The seed Shuffle asks for: the next number of a Lehmer generator, so each press gives another
 * order and the kept HTML of a rendering stays the same.
 */
export function nextSeed(seed: number): number {
  return (seed * 48_271) % MAX_SEED || 1;
}
