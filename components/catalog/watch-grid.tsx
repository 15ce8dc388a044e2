import type { ShopWatch } from '@/lib/catalog/shop-watch';
import { WatchCard } from './watch-card';

/**
 * Two columns from the smallest phone (a denser card there, so a phone scans 40 watches in a
 * few screens), three from 1024 px. Cards of the first row load their images at once; the rest
 * lazily, below the fold, and are laid out only near the viewport (`watch-grid-lazy-rows`,
 * app/globals.css). Full width whatever it holds yet: in a listing's centred column, a frame
 * painted before the parser reached the cards showed the grid narrow in the middle, and the
 * cards' arrival then moved it (a layout shift).
 */
export const WATCH_GRID = 'grid w-full grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 watch-grid-lazy-rows';
const EAGER_CARDS = 3;

type WatchGridItemsProps = {
  watches: readonly ShopWatch[];
  featured?: boolean;
  /** How many cards the grid shows before these: only its first row is eager. */
  before?: number;
};

/** The grid's items: a listing's Show more appends more of them to the server's (listing-grid.tsx). */
export function WatchGridItems({ watches, featured = false, before = 0 }: WatchGridItemsProps) {
  return watches.map((watch, index) => (
    <li key={watch.id}>
      <WatchCard watch={watch} featuredBadge={featured} eager={before + index < EAGER_CARDS} />
    </li>
  ));
}

export function WatchGrid({ watches, featured = false, label }: { watches: readonly ShopWatch[]; featured?: boolean; label: string }) {
  return (
    <ul className={WATCH_GRID} aria-label={label}>
      <WatchGridItems watches={watches} featured={featured} />
    </ul>
  );
}
