import { connection } from 'next/server';
import { Suspense } from 'react';
import { SolPriceProvider } from '@/components/price/sol-price-provider';
import { readBrandOptions, readListingPage } from '@/lib/catalog/listing-data';
import { listingViewFromParams, withSeed } from '@/lib/catalog/listing-request';
import type { Listing } from '@/lib/catalog/pages';
import { readSolPrice } from '@/lib/price/server';
import type { SearchableListingCopy } from './listing-copy';
import { ErrorState, LoadingState } from './listing-states';
import { ListingView } from './listing-view';

/** A page's query, as Next.js gives it to the page. */
export type PageSearchParams = Promise<Record<string, string | string[] | undefined>>;

type ListingSectionProps = {
  listing: Listing;
  searchParams: PageSearchParams;
  copy: SearchableListingCopy;
  label: string;
};

/**
 * The server part of /watches and /crypto-editions (issue 34): the page of the listing its address
 * asks for, the number of watches in all and the brand filter's options, read from the database
 * at request time; its loading state meanwhile, its error state when the catalogue cannot be read
 * (logged, never a crash). The SOL price comes along, so the USD values are in the server HTML.
 */
export function ListingSection(props: ListingSectionProps) {
  return (
    <Suspense fallback={<LoadingState text={props.copy.loading} />}>
      <LoadedListing {...props} />
    </Suspense>
  );
}

async function LoadedListing({ listing, searchParams, copy, label }: ListingSectionProps) {
  await connection();
  // Without a seed (a load the document cache did not render), one of the few kept orders.
  const request = withSeed(listingViewFromParams(listing, firstValues(await searchParams)));
  let data;
  try {
    const [page, brands] = await Promise.all([readListingPage(request), readBrandOptions(listing)]);
    data = { page, brands };
  } catch (cause) {
    console.error(copy.errorMessage, cause);
    return <ErrorState title={copy.errorTitle} message={copy.errorMessage} />;
  }
  const { price } = await readSolPrice();
  return (
    <SolPriceProvider initialPrice={price}>
      <ListingView page={data.page} brands={data.brands} copy={copy} label={label} />
    </SolPriceProvider>
  );
}

/** The first value of each parameter, as URLSearchParams.get reads it. */
function firstValues(params: Awaited<PageSearchParams>): URLSearchParams {
  const result = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) result.set(name, first);
  }
  return result;
}
