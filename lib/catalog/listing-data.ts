import 'server-only';
import { getListingBrands, getListingPage } from './cached';
import { brandFilterOptions } from './listing';
import { pageCount, type ListingPageData } from './listing-url';
import type { ListingRequest } from './pages';
import { toShopWatch } from './shop-watch';

/** The page `request` asks for, from Next's cache (cached.ts) or the database. */
export async function readListingPage(request: ListingRequest): Promise<ListingPageData> {
  const { watches, total } = await getListingPage(request);
  return { request, watches: watches.map(toShopWatch), total, page: request.page, pageCount: pageCount(total) };
}

/** The brand filter's options of a listing: 'All Brands' first, none with a single brand. */
export async function readBrandOptions(listing: ListingRequest['listing']): Promise<string[]> {
  return brandFilterOptions(await getListingBrands(listing));
}
