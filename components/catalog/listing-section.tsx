import { connection } from 'next/server';
import { InDocumentWhenReady } from '@/components/layout/in-document-when-ready';
import { SolPriceProvider } from '@/components/price/sol-price-provider';
import type { FacetCounts } from '@/lib/catalog/facets';
import type { PageQuery } from '@/lib/catalog/listing-request';
import { readBrandOptions, readListingFacets, readListingPage } from '@/lib/catalog/listing-data';
import { listingViewFromParams, queryOf, withSeed } from '@/lib/catalog/listing-request';
import type { Listing, ListingRequest } from '@/lib/catalog/pages';
import type { ListingPageData } from '@/lib/catalog/listing-url';
import { readSolPrice } from '@/lib/price/server';
import { readOrFailed, type ReadOutcome } from '@/lib/read-or-failed';
import type { SearchableListingCopy } from './listing-copy';
import { ErrorState, LoadingState } from './listing-states';
import { ListingView } from './listing-view';

/** A page's query, as Next.js gives it to the page. */
export type PageSearchParams = Promise<PageQuery>;

type ListingSectionProps = {
  listing: Listing;
  searchParams: PageSearchParams;
  copy: SearchableListingCopy;
  label: string;
};

/** What the listing shows: its page, the brand filter's options, the facets' counts and the SOL price. */
type ListingData = { page: ListingPageData; brands: string[]; facetCounts: FacetCounts; price: number };

/**
 * The server part of /watches and /crypto-editions (issue 34): the page of the listing its address
 * asks for, the number of watches in all and the brand filter's options, read from the database
 * at request time and put in the document (in-document-when-ready.tsx); its loading state when
 * the read is slow, its error state when the catalogue cannot be read (logged, never a crash).
 * The SOL price comes along, so the USD values are in the server HTML.
 */
export async function ListingSection({ listing, searchParams, copy, label }: ListingSectionProps) {
  await connection();
  // Without a seed (a load the document cache did not render), one of the few kept orders.
  const request = withSeed(listingViewFromParams(listing, queryOf(await searchParams)));
  const data = readOrFailed(() => readListing(request), copy.errorMessage);
  return (
    <InDocumentWhenReady ready={data} fallback={<LoadingState text={copy.loading} />}>
      <LoadedListing data={data} copy={copy} label={label} />
    </InDocumentWhenReady>
  );
}

async function readListing(request: ListingRequest): Promise<ListingData> {
  const [page, brands, facetCounts, { price }] = await Promise.all([
    readListingPage(request),
    readBrandOptions(request.listing),
    readListingFacets(request),
    readSolPrice(),
  ]);
  return { page, brands, facetCounts, price };
}

async function LoadedListing({ data, copy, label }: { data: Promise<ReadOutcome<ListingData>>; copy: SearchableListingCopy; label: string }) {
  const loaded = await data;
  if ('failed' in loaded) return <ErrorState title={copy.errorTitle} message={copy.errorMessage} />;
  const { page, brands, facetCounts, price } = loaded.value;
  return (
    <SolPriceProvider initialPrice={price}>
      <ListingView page={page} brands={brands} facetCounts={facetCounts} copy={copy} label={label} />
    </SolPriceProvider>
  );
}
