/**
 * Which requests the document cache answers, and under which key (docs/performance.md).
 *
 * Only the storefront's documents: the pages every shopper and crawler loads, whose HTML is the
 * same for everyone. Not an RSC navigation or prefetch, a Server Action or a HEAD. A parameter the
 * page does not read (a campaign's utm_*, gclid or fbclid, anything else) does not change it, so
 * such a link is answered as the page without it; a query the page does read (a search, a sort, a
 * page number) is rendered as usual, but for a listing filtered by the collector's data (issue 50):
 * each filtered view is kept, under the address a link to it has, so that a collector's shared
 * link is answered as fast as the bare listing (the store's byte bound drops the least asked for).
 */

import { chosenFilters, FACET_PARAMETERS } from '@/lib/catalog/facets';
import { listingViewFromParams } from '@/lib/catalog/listing-request';
import { listingHref } from '@/lib/catalog/listing-url';
import { UNSEEDED_ORDERS, type Listing } from '@/lib/catalog/pages';

/**
 * Pages shuffled on each load (SPEC §2): a load gets one of this many cached renderings. A
 * listing's rendering r is its order of seed r + 1 (lib/catalog/listing-request.ts), so its Show
 * more link and its pages carry that seed.
 */
export const SHUFFLED_RENDERINGS = UNSEEDED_ORDERS;

/** A brand preselected on a shuffled listing: fewer renderings, since there are 17 brands of them. */
export const SHUFFLED_BRAND_RENDERINGS = 3;

/**
 * A view of the collector's filters (issue 50): one rendering, in one order (Shuffle asks for
 * another), since there are as many views as combinations and each is asked for less.
 */
export const FILTERED_RENDERINGS = 1;

/** The longest ?brand= value worth a cache entry; brand names are far shorter. */
const MAX_BRAND_LENGTH = 80;

const SHUFFLED_PAGES = new Set(['/watches', '/featured', '/crypto-editions']);
/** The shuffled pages that take their order from `?seed=` (the paged listings, issue 34). */
const SEEDED_PAGES = new Set(['/watches', '/crypto-editions']);
/** The listings: each reads LISTING_PARAMETERS, a brand among them. */
const LISTING_PAGES = new Set(['/watches', '/crypto-editions']);
const FIXED_PAGES = new Set(['/', '/brands']);
/** The parameters the listings read (lib/catalog/listing-request.ts); the other pages read none. */
const LISTING_PARAMETERS = new Set(['q', 'brand', 'sort', 'seed', 'page', ...FACET_PARAMETERS]);
const WATCH_PAGE = /^\/watches\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Headers of requests that are not a document load: RSC navigations and prefetches, Server
 * Actions.
 */
const NOT_A_DOCUMENT = ['rsc', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-router-state-tree', 'next-action'];
/** The query parameter Next.js adds to its RSC requests, so that no cache answers one with a document. */
const RSC_QUERY = '_rsc';

export type DocumentRequest = {
  /** What the cached rendering is filed under: the page, its query and which rendering. */
  key: string;
  /** The path and query to render it from. */
  target: string;
  /**
   * The renderings that may stand in for one another (a listing's shuffled orders): the page and
   * its brand, whatever the seed.
   */
  group: string;
};

/**
 * The cache key and render target of a storefront document request, or null when the request is
 * not one the cache answers. `pickRendering(n)` chooses which of n renderings this load gets.
 */
export function documentRequest(
  method: string,
  url: Pick<URL, 'pathname' | 'searchParams'>,
  headers: Pick<Headers, 'has'>,
  pickRendering: (count: number) => number = (count) => Math.floor(Math.random() * count),
): DocumentRequest | null {
  const { pathname, searchParams } = url;
  if (method !== 'GET' || NOT_A_DOCUMENT.some((name) => headers.has(name)) || searchParams.has(RSC_QUERY)) return null;
  const filtered = filteredView(pathname, searchParams);
  if (filtered) {
    const rendering = pickRendering(FILTERED_RENDERINGS);
    return { key: `${filtered}#${rendering}`, target: `${filtered}&seed=${rendering + 1}`, group: filtered };
  }
  const brand = onlyBrand(readBy(pathname, searchParams));
  if (brand === undefined) return null;
  const page = brand === null ? pathname : `${pathname}?${new URLSearchParams({ brand })}`;

  if (SHUFFLED_PAGES.has(pathname)) {
    const rendering = pickRendering(brand === null ? SHUFFLED_RENDERINGS : SHUFFLED_BRAND_RENDERINGS);
    const target = SEEDED_PAGES.has(pathname) ? seeded(pathname, brand, rendering + 1) : page;
    return { key: `${page}#${rendering}`, target, group: page };
  }
  if (FIXED_PAGES.has(pathname) || WATCH_PAGE.test(pathname)) return { key: page, target: page, group: page };
  return null;
}

const LISTING_OF: Record<string, Listing> = { '/watches': 'all', '/crypto-editions': 'crypto' };

/**
 * A listing's first page filtered by the collector's data (with a brand, a search or a sort, or
 * without): the address a link to that view has, or null for any other request. A page number or
 * a seed asks for more than a first page: rendered as usual.
 */
function filteredView(pathname: string, searchParams: URLSearchParams): string | null {
  const listing = LISTING_OF[pathname];
  const read = readBy(pathname, searchParams);
  if (!listing || !read.some(([name]) => (FACET_PARAMETERS as readonly string[]).includes(name))) return null;
  if (read.some(([name]) => name === 'seed' || name === 'page')) return null;
  const view = listingViewFromParams(listing, new URLSearchParams(read));
  return chosenFilters(view.facets) > 0 ? listingHref({ ...view, seed: null, page: 1 }) : null;
}

/** The listing `pathname` (of `brand`) in the order of `seed`. */
function seeded(pathname: string, brand: string | null, seed: number): string {
  const params = new URLSearchParams(brand === null ? { seed: String(seed) } : { brand, seed: String(seed) });
  return `${pathname}?${params}`;
}

/** The parameters of the query that `pathname` reads: the listings' own, none on other pages. */
function readBy(pathname: string, searchParams: URLSearchParams): [string, string][] {
  return LISTING_PAGES.has(pathname) ? [...searchParams].filter(([name]) => LISTING_PARAMETERS.has(name)) : [];
}

/** null without a query, the brand for `?brand=<name>` alone, undefined for anything else. */
function onlyBrand(parameters: [string, string][]): string | null | undefined {
  const names = parameters.map(([name]) => name);
  if (names.length === 0) return null;
  if (names.length !== 1 || names[0] !== 'brand') return undefined;
  const brand = parameters[0]![1];
  return brand.length > 0 && brand.length <= MAX_BRAND_LENGTH ? brand : undefined;
}
