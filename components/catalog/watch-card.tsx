'use client';

import { lazy, Suspense, useRef, useState } from 'react';
import { BuyButton } from '@/components/wallet-runtime/buy-button';
import { WatchPrice } from '@/components/price/watch-price';
import { isModifiedClick, ShopLink } from '@/components/ui/shop-link';
import type { ShopWatch } from '@/lib/catalog/shop-watch';
import { FeatureChips } from './feature-chips';
import { WatchBadges } from './watch-badges';
import { WatchImage } from './watch-image';

// The dialog's code loads on the first open, keeping it out of the listing pages' first load.
// React's own lazy, not next/dynamic: the dialog is only ever rendered in the browser (after a
// click), so next/dynamic's server-rendering support would be first-load code for nothing.
const WatchDetailDialog = lazy(() => import('./watch-detail-dialog'));

type WatchCardProps = {
  watch: ShopWatch;
  /** Featured listings show the FEATURED badge (SPEC §2). */
  featuredBadge?: boolean;
  /** Cards in the first row load their image at once. */
  eager?: boolean;
};

const CARD_IMAGE_SIZES = '(min-width: 1024px) 22rem, 46vw';

/**
 * The watch card of SPEC §2. A click anywhere but the Buy button opens the detail dialog. The
 * title is a real link to the watch page, so crawlers and modified clicks reach the page, while a
 * plain click (or Enter on it) opens the dialog like the rest of the card. Both are pressed with
 * React only: a press before the page is interactive is kept for then (`data-hold-press`, lib/hold-press.ts).
 */
export function WatchCard({ watch, featuredBadge = false, eager = false }: WatchCardProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  // The second view is only ever seen on hover: it is rendered once a pointer first reaches the
  // card, so a page's first load (and a phone, which has no hover) does not carry 40 extra images.
  const [pointerCame, setPointerCame] = useState(false);
  const titleLink = useRef<HTMLAnchorElement>(null);
  const [first, second] = watch.image_urls;
  const name = `${watch.brand} ${watch.model}`;

  const openDetail = () => {
    setOpened(true);
    setOpen(true);
  };

  return (
    <>
      <article
        data-hold-press=""
        onClick={openDetail}
        onPointerEnter={() => setPointerCame(true)}
        className="group flex h-full cursor-pointer flex-col overflow-hidden rounded-xl border border-line bg-surface transition hover:border-gold/60"
      >
        <div className="relative aspect-square overflow-hidden bg-raised">
          {first && <WatchImage src={first} alt={name} sizes={CARD_IMAGE_SIZES} eager={eager} />}
          {second && pointerCame && (
            <WatchImage
              src={second}
              alt={`${name}, another view`}
              sizes={CARD_IMAGE_SIZES}
              className="invisible opacity-0 transition-opacity duration-300 group-hover:visible group-hover:opacity-100"
            />
          )}
          <div className="absolute top-3 left-3">
            <WatchBadges watch={watch} featured={featuredBadge} />
          </div>
        </div>
        <div className="flex flex-1 flex-col gap-3 p-3 sm:p-5">
          <div>
            <p className="text-xs tracking-[0.25em] text-gold uppercase">{watch.brand}</p>
            <h2 className="mt-1 font-serif text-lg leading-tight sm:text-2xl">
              <ShopLink
                ref={titleLink}
                data-hold-press=""
                href={`/watches/${watch.id}`}
                prefetch={false}
                onClick={(event) => {
                  if (isModifiedClick(event)) event.stopPropagation();
                  else event.preventDefault();
                }}
                className="hover:text-gold-bright"
              >
                {watch.model}
              </ShopLink>
            </h2>
          </div>
          <p className="line-clamp-2 text-xs text-muted sm:text-sm">{watch.description}</p>
          <FeatureChips features={watch.features} />
          <div className="mt-auto flex flex-wrap items-end justify-between gap-3 pt-2">
            <WatchPrice priceSol={watch.price_sol} />
            <BuyButton watch={watch} className="w-full sm:w-auto" />
          </div>
        </div>
      </article>
      {opened && (
        <Suspense>
          <WatchDetailDialog watch={watch} open={open} onOpenChange={setOpen} returnFocusTo={titleLink} />
        </Suspense>
      )}
    </>
  );
}
