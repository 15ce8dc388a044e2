import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { InDocumentWhenReady } from '@/components/layout/in-document-when-ready';
import { SolPriceProvider } from '@/components/price/sol-price-provider';
import { toShopWatch, type ShopWatch } from '@/lib/catalog/shop-watch';
import type { Watch } from '@/lib/catalog/types';
import { readSolPrice } from '@/lib/price/server';
import { readOrFailed, type ReadOutcome } from '@/lib/read-or-failed';
import type { ListingCopy } from './listing-copy';
import { ErrorState, LoadingState } from './listing-states';

type CatalogSectionProps = {
  /** Reads (and orders) the watches this section shows. */
  load: () => Promise<Watch[]>;
  copy: ListingCopy;
  /** Renders the watches, given only what the browser may see of them. */
  children: (watches: ShopWatch[]) => ReactNode;
};

/** The watches the section shows with the SOL price. */
type CatalogData = { watches: ShopWatch[]; price: number };

/**
 * The server part of a listing: the catalogue read at request time and put in the document
 * (in-document-when-ready.tsx), its loading state when the read is slow, its error state when the
 * catalogue cannot be read (logged, never a crash), else the list with the current SOL price, so
 * the USD values are in the server HTML.
 */
export async function CatalogSection({ load, copy, children }: CatalogSectionProps) {
  await connection();
  const data = readOrFailed(() => readCatalog(load), copy.errorMessage);
  return (
    <InDocumentWhenReady ready={data} fallback={<LoadingState text={copy.loading} />}>
      <LoadedCatalog data={data} copy={copy}>
        {children}
      </LoadedCatalog>
    </InDocumentWhenReady>
  );
}

async function readCatalog(load: CatalogSectionProps['load']): Promise<CatalogData> {
  const [watches, { price }] = await Promise.all([load(), readSolPrice()]);
  return { watches: watches.map(toShopWatch), price };
}

async function LoadedCatalog({ data, copy, children }: { data: Promise<ReadOutcome<CatalogData>>; copy: ListingCopy; children: CatalogSectionProps['children'] }) {
  const loaded = await data;
  if ('failed' in loaded) return <ErrorState title={copy.errorTitle} message={copy.errorMessage} />;
  const { watches, price } = loaded.value;
  return <SolPriceProvider initialPrice={price}>{children(watches)}</SolPriceProvider>;
}
