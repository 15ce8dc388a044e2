import type { Watch } from '@/lib/catalog/types';
import { WatchCard } from './watch-card';

/** Cards of the first row load their images at once; the rest lazily, below the fold. */
const EAGER_CARDS = 3;

export function WatchGrid({ watches, featured = false, label }: { watches: readonly Watch[]; featured?: boolean; label: string }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={label}>
      {watches.map((watch, index) => (
        <li key={watch.id}>
          <WatchCard watch={watch} featured={featured} eager={index < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}
