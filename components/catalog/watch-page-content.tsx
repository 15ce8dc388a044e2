import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { InDocumentWhenReady } from '@/components/layout/in-document-when-ready';
import { buttonClass } from '@/components/ui/button-styles';
import { ShopLink } from '@/components/ui/shop-link';
import { ShareButton } from '@/components/sharing/share-button';
import { AlertTrigger } from '@/components/watchlist/alert-trigger';
import { SolPriceProvider } from '@/components/price/sol-price-provider';
import { getPriceHistory, getWatch } from '@/lib/catalog/cached';
import type { PricePoint } from '@/lib/catalog/price-history';
import { breadcrumbJsonLd, inlineScriptJson, productJsonLd } from '@/lib/catalog/structured-data';
import { toShopWatch } from '@/lib/catalog/shop-watch';
import type { Watch } from '@/lib/catalog/types';
import { siteUrl } from '@/lib/config';
import { parsePaymentsConfig } from '@/lib/chain/config';
import { readSolPrice } from '@/lib/price/server';
import { readOrFailed, type ReadOutcome } from '@/lib/read-or-failed';
import { ErrorState, LoadingState } from './listing-states';
import { PriceHistory } from './price-history';
import { WatchDetail } from './watch-detail';

/** The watch the page shows with its price history and the SOL price; null when there is none. */
type WatchPageData = { watch: Watch; history: PricePoint[]; price: number } | null;

/**
 * The watch page's body, read at request time and put in the document
 * (in-document-when-ready.tsx): its loading state when the read is slow, its error state when the
 * catalogue cannot be read (logged, never a crash), the 404 page when there is no such watch.
 */
export async function WatchPageSection({ id }: { id: Promise<string> }) {
  await connection();
  const watchId = await id;
  const data = readOrFailed(() => readWatchPage(watchId), 'Failed to load the watch');
  return (
    <InDocumentWhenReady ready={data} fallback={<LoadingState text="Loading timepiece..." />}>
      <WatchPageContent data={data} />
    </InDocumentWhenReady>
  );
}

async function readWatchPage(id: string): Promise<WatchPageData> {
  const [watch, history, { price }] = await Promise.all([getWatch(id), getPriceHistory(id), readSolPrice()]);
  return watch && { watch, history, price };
}

/** The detail dialog's content as a page, with its Product and BreadcrumbList JSON-LD. */
async function WatchPageContent({ data }: { data: Promise<ReadOutcome<WatchPageData>> }) {
  const loaded = await data;
  if ('failed' in loaded) return <ErrorState title="Unable to Load Watch" message="Failed to load watch" />;
  if (loaded.value === null) notFound();
  const { watch, history, price } = loaded.value;
  const pageUrl = new URL(`/watches/${watch.id}`, siteUrl());
  // A buy link is a Solana Action, which builds a transaction: only a shop taking real payments has one.
  const buyLink = parsePaymentsConfig().mode === 'solana';
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: inlineScriptJson(productJsonLd(watch, pageUrl)) }} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: inlineScriptJson(breadcrumbJsonLd(watch, pageUrl)) }} />
      <SolPriceProvider initialPrice={price}>
        <WatchDetail
          watch={toShopWatch(watch)}
          subheading="h2"
          eagerImages
          action={
            <>
              <AlertTrigger subject={{ kind: 'watch', watchId: watch.id, available: watch.available }} className={buttonClass('secondary')} />
              <ShareButton watchId={watch.id} buyLink={buyLink} className={buttonClass('secondary')} />
            </>
          }
          title={<h1 className="mt-1 font-serif text-4xl font-semibold sm:text-5xl">{watch.model}</h1>}
          description={<p className="leading-relaxed text-muted">{watch.description}</p>}
        />
      </SolPriceProvider>
      <PriceHistory history={history} Heading="h2" />
    </>
  );
}

/** The way back to the listings, above every watch page. */
export function WatchPageBreadcrumb() {
  return (
    <nav aria-label="Breadcrumb" className="mb-8 text-sm text-muted">
      <ShopLink href="/watches" className="hover:text-gold-bright">
        ← All Watches
      </ShopLink>
    </nav>
  );
}
