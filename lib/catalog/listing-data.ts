import 'server-only';
import { getListingBrands, getListingFacets, getListingPage } from './cached';
import type { FacetCounts } from './facets';
import { brandFilterOptions } from './listing';
import { pageCount, type ListingPageData } from './listing-url';
import type { FacetedListing, ListingRequest } from './pages';
import { toShopWatch } from './shop-watch';

/** The page `request` asks for, from Next's cache (cached.ts) or the database. */
export async function readListingPage(request: ListingRequest): Promise<ListingPageData> {
  const { watches, total } = await getListingPage(request);
  return { request, watches: watches.map(toShopWatch), total, page: request.page, pageCount: pageCount(total) };
}

/** How many watches each choice of the listing's collector's filters would leave (its page and order aside). */
export function readListingFacets({ listing, query, brand, facets }: FacetedListing): Promise<FacetCounts> {
  return getListingFacets({ listing, query, brand, facets });
}

/** The brand filter's options of a listing: 'All Brands' first, none with a single brand. */
export async function readBrandOptions(listing: ListingRequest['listing']): Promise<string[]> {
  return brandFilterOptions(await getListingBrands(listing));
}
