import { connection } from 'next/server';
import { Suspense, type ReactNode } from 'react';
import { SolPriceProvider } from '@/components/price/sol-price-provider';
import { toShopWatch, type ShopWatch } from '@/lib/catalog/shop-watch';
import type { Watch } from '@/lib/catalog/types';
import { readSolPrice } from '@/lib/price/server';
import type { ListingCopy } from './listing-copy';
import { ErrorState, LoadingState } from './listing-states';

type CatalogSectionProps = {
  /** Reads (and orders) the watches this section shows. */
  load: () => Promise<Watch[]>;
  copy: ListingCopy;
  /** Renders the watches, given only what the browser may see of them. */
  children: (watches: ShopWatch[]) => ReactNode;
};

/**
 * The server part of a listing: its loading state while the catalogue is read at request time,
 * its error state when the catalogue cannot be read (logged, never a crash), else the list with
 * the current SOL price, so the USD values are in the server HTML.
 */
export function CatalogSection(props: CatalogSectionProps) {
  return (
    <Suspense fallback={<LoadingState text={props.copy.loading} />}>
      <LoadedCatalog {...props} />
    </Suspense>
  );
}

async function LoadedCatalog({ load, copy, children }: CatalogSectionProps) {
  await connection();
  let watches: Watch[];
  try {
    watches = await load();
  } catch (cause) {
    console.error(copy.errorMessage, cause);
    return <ErrorState title={copy.errorTitle} message={copy.errorMessage} />;
  }
  const { price } = await readSolPrice();
  return <SolPriceProvider initialPrice={price}>{children(watches.map(toShopWatch))}</SolPriceProvider>;
}
