import 'server-only';
import { getStores } from '@/lib/stores';
import { getListingBrands, getListingPage } from './cached';
import { brandFilterOptions } from './listing';
import { pageCount, type ListingPageData } from './listing-url';
import type { ListingRequest } from './pages';
import { toShopWatch } from './shop-watch';

/** The page `request` asks for; without a search from Next's cache (cached.ts), with one from the database. */
export async function readListingPage(request: ListingRequest): Promise<ListingPageData> {
  const { watches, total } = request.query === '' ? await getListingPage(request) : await getStores().catalog.listingPage(request);
  return { request, watches: watches.map(toShopWatch), total, page: request.page, pageCount: pageCount(total) };
}

/** The brand filter's options of a listing: 'All Brands' first, none with a single brand. */
export async function readBrandOptions(listing: ListingRequest['listing']): Promise<string[]> {
  return brandFilterOptions(await getListingBrands(listing));
}
