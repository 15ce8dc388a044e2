import type { Metadata } from 'next';
import { facetParams, facetsFromParams, isIndexableFilter } from '@/lib/catalog/facets';
import { queryOf, type PageQuery } from '@/lib/catalog/listing-request';
import { pageMetadata } from './page-metadata';

type ListingMetadataInput = Parameters<typeof pageMetadata>[0];

/**
 * A listing's metadata for the view its address asks for (issue 50): a single choice of the
 * collector's filters (the unworn watches) is a page of its own, canonical at its address; any
 * other combination is `noindex, follow`, so a crawler cannot multiply pages without end, yet
 * still finds the watches through it.
 */
export function listingMetadata(page: ListingMetadataInput, query: PageQuery): Metadata {
  const parsed = facetsFromParams(queryOf(query));
  const facets = parsed.ok ? parsed.facets : null;
  if (!facets || facetParams(facets).length === 0) return pageMetadata(page);
  if (!isIndexableFilter(facets)) return { ...pageMetadata(page), robots: { index: false, follow: true } };
  return pageMetadata({ ...page, path: `${page.path}?${new URLSearchParams(facetParams(facets))}` });
}
