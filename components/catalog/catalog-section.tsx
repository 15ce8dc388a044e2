import { connection } from 'next/server';
import { Suspense, type ReactNode } from 'react';
import { SolPriceProvider } from '@/components/price/sol-price-provider';
import { pickOrdering } from '@/lib/catalog/cached';
import { readSolPrice } from '@/lib/price/server';
import type { ListingCopy } from './listing-copy';
import { ErrorState, LoadingState } from './listing-states';

type CatalogSectionProps = {
  /** The listing in one of its cached orderings (cached-listings.tsx). */
  render: (ordering: number) => Promise<ReactNode>;
  copy: ListingCopy;
};

/**
 * The server part of a listing: its loading state while the catalogue is read at request time,
 * its error state when the catalogue cannot be read (logged, never a crash), else the list in an
 * ordering picked for this request, with the current SOL price, so the USD values are in the
 * server HTML.
 */
export function CatalogSection(props: CatalogSectionProps) {
  return (
    <Suspense fallback={<LoadingState text={props.copy.loading} />}>
      <LoadedCatalog {...props} />
    </Suspense>
  );
}

async function LoadedCatalog({ render, copy }: CatalogSectionProps) {
  await connection();
  let listing: ReactNode;
  try {
    listing = await render(pickOrdering());
  } catch (cause) {
    console.error(copy.errorMessage, cause);
    return <ErrorState title={copy.errorTitle} message={copy.errorMessage} />;
  }
  const { price } = await readSolPrice();
  return <SolPriceProvider initialPrice={price}>{listing}</SolPriceProvider>;
}
