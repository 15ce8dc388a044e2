import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { ShopLink } from '@/components/ui/shop-link';
import { SolPriceProvider } from '@/components/price/sol-price-provider';
import { getWatch } from '@/lib/catalog/cached';
import { breadcrumbJsonLd, inlineScriptJson, productJsonLd } from '@/lib/catalog/structured-data';
import { toShopWatch } from '@/lib/catalog/shop-watch';
import type { Watch } from '@/lib/catalog/types';
import { siteUrl } from '@/lib/config';
import { readSolPrice } from '@/lib/price/server';
import { ErrorState } from './listing-states';
import { WatchDetail } from './watch-detail';

/** The watch page's body: the detail dialog's content as a page, with its Product and BreadcrumbList JSON-LD. */
export async function WatchPageContent({ id }: { id: Promise<string> }) {
  await connection();
  let watch: Watch | null;
  try {
    watch = await getWatch(await id);
  } catch (cause) {
    console.error('Failed to load the watch', cause);
    return <ErrorState title="Unable to Load Watch" message="Failed to load watch" />;
  }
  if (!watch) notFound();
  const { price } = await readSolPrice();
  const pageUrl = new URL(`/watches/${watch.id}`, siteUrl());
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: inlineScriptJson(productJsonLd(watch, pageUrl)) }} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: inlineScriptJson(breadcrumbJsonLd(watch, pageUrl)) }} />
      <SolPriceProvider initialPrice={price}>
        <WatchDetail
          watch={toShopWatch(watch)}
          subheading="h2"
          eagerImages
          title={<h1 className="mt-1 font-serif text-4xl font-semibold sm:text-5xl">{watch.model}</h1>}
          description={<p className="leading-relaxed text-muted">{watch.description}</p>}
        />
      </SolPriceProvider>
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
