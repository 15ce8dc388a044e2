import { chosenFilters, facetsArg } from '@/lib/catalog/facets';
import { listingRequestFromParams } from '@/lib/catalog/listing-request';
import { LISTING_PATHS, listingHref } from '@/lib/catalog/listing-url';
import type { Listing } from '@/lib/catalog/pages';
import type { SearchToSave } from './types';

/** The longest listing address kept: far beyond what the listings' own links write. */
export const MAX_SEARCH_PATH_LENGTH = 2000;

const LISTING_NAMES: Record<Listing, string> = { all: 'Watches', crypto: 'Crypto editions' };

export type ParsedSearch = { ok: true; search: SearchToSave } | { ok: false; message: string };

/**
 * "Save this search": a listing's address read as the listing itself reads it (strictly: a filter
 * the listing would drop is refused here, not saved to match nothing), kept in the shop's own words
 * of that address. Its order and page are no part of what it matches.
 */
export function savedSearchFromPath(path: string): ParsedSearch {
  const url = new URL(path, 'https://orx.invalid');
  const listing = (Object.keys(LISTING_PATHS) as Listing[]).find((name) => LISTING_PATHS[name] === url.pathname);
  if (url.origin !== 'https://orx.invalid' || !listing) return { ok: false, message: 'Only the /watches and /crypto-editions listings can be saved.' };
  url.searchParams.delete('sort');
  url.searchParams.delete('seed');
  url.searchParams.delete('page');
  const parsed = listingRequestFromParams(url.searchParams);
  if (!parsed.ok) return parsed;
  const request = { ...parsed.request, listing };
  const canonical = listingHref({ ...request, sort: 'shuffle', seed: null, page: 1 });
  // Percent-encoding can lengthen what was sent; what is kept stays within the same bound.
  if (canonical.length > MAX_SEARCH_PATH_LENGTH) return { ok: false, message: `The search must be at most ${MAX_SEARCH_PATH_LENGTH} characters.` };
  const filters = chosenFilters(request.facets);
  const words = [
    LISTING_NAMES[listing],
    request.brand,
    request.query ? `“${request.query}”` : null,
    filters > 0 ? `${filters} ${filters === 1 ? 'filter' : 'filters'}` : null,
  ];
  return {
    ok: true,
    search: {
      path: canonical,
      label: words.filter(Boolean).join(' · '),
      listing,
      query: request.query,
      brand: request.brand,
      facets: facetsArg(request.facets),
    },
  };
}
