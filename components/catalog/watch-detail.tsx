import type { ReactNode } from 'react';
import { BuyButton } from '@/components/wallet-runtime/buy-button';
import { WatchPrice } from '@/components/price/watch-price';
import { featureLabel } from '@/lib/catalog/feature-labels';
import type { ShopWatch } from '@/lib/catalog/shop-watch';
import { WatchDetailTabs } from './watch-detail-tabs';
import { WatchGallery } from './watch-gallery';

type WatchDetailProps = {
  watch: ShopWatch;
  /** The watch's name as a heading: the dialog's title, or the page's h1. */
  title: ReactNode;
  /** The description paragraph (the dialog wraps it as the dialog's description). */
  description: ReactNode;
  /** The level of the section headings under the title. */
  subheading: 'h2' | 'h3';
  eagerImages?: boolean;
  /** Beside Buy: the watch page's "Notify me" and "Share". */
  action?: ReactNode;
};

/**
 * Everything SPEC §2 puts in the watch detail dialog, shared by the dialog and the watch page:
 * carousel, the two tabs, description, Key Features, availability box, price and Buy button.
 *
 * The document order is a phone's: what a buyer decides on (name, description, price, Buy) comes
 * first, then the pictures, the features and the specifications. From 768 px the grid puts the
 * pictures and the specifications on the left, beside the rest, as on a shop counter.
 */
export function WatchDetail({ watch, title, description, subheading: Subheading, eagerImages = false, action }: WatchDetailProps) {
  const name = `${watch.brand} ${watch.model}`;
  return (
    <div className="grid gap-6 md:grid-cols-2 md:grid-rows-[auto_auto_auto_1fr] md:gap-x-8 md:[grid-template-areas:'gallery_summary'_'gallery_features'_'gallery_buy'_'tabs_buy']">
      <div className="flex flex-col gap-5 md:[grid-area:summary]">
        <div>
          <p className="text-xs tracking-[0.25em] text-gold uppercase">{watch.brand}</p>
          {title}
        </div>
        {description}
      </div>
      <div className="flex flex-col gap-5 md:[grid-area:buy]">
        <div
          className={`rounded-lg border px-4 py-3 text-sm font-medium ${watch.available ? 'border-ok/40 text-ok' : 'border-sold/40 text-sold'}`}
          data-testid="availability"
        >
          {watch.available ? 'In Stock' : 'Sold Out'}
        </div>
        <WatchPrice priceSol={watch.price_sol} size="detail" />
        <div className="flex flex-wrap items-center gap-3">
          <BuyButton watch={watch} variant="detail" />
          {action}
        </div>
      </div>
      <div className="md:[grid-area:gallery]">
        <WatchGallery images={watch.image_urls} name={name} eager={eagerImages} />
      </div>
      {watch.features.length > 0 && (
        <section className="md:[grid-area:features]">
          <Subheading className="font-serif text-xl">Key Features</Subheading>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm marker:text-gold">
            {watch.features.map((feature) => (
              <li key={feature}>{featureLabel(feature)}</li>
            ))}
          </ul>
        </section>
      )}
      <div className="md:[grid-area:tabs]">
        <WatchDetailTabs watch={watch} />
      </div>
    </div>
  );
}
