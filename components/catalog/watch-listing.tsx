'use client';

import { useSearchParams } from 'next/navigation';
import { useMemo, useState } from 'react';
import { ALL_BRANDS, brandFilterOptions, filterWatches, initialBrand, listingState, shuffle } from '@/lib/catalog/listing';
import type { Watch } from '@/lib/catalog/types';
import { CLEAR_FILTERS, NO_MATCH_HINT, type SearchableListingCopy } from './listing-copy';
import { EmptyState } from './listing-states';
import { WatchGrid } from './watch-grid';

type WatchListingProps = {
  /** Already shuffled by the server: the first render shows exactly the server's order. */
  watches: Watch[];
  copy: SearchableListingCopy;
  label: string;
};

const control = 'rounded-full border px-4 py-2 text-sm transition';

/**
 * /watches and /crypto-editions (SPEC §2): search, Shuffle and the brand filter, over the list the
 * server rendered. `?brand=` preselects the filter.
 */
export function WatchListing({ watches, copy, label }: WatchListingProps) {
  const requestedBrand = useSearchParams().get('brand') ?? undefined;
  const brands = useMemo(() => brandFilterOptions(watches), [watches]);
  const [order, setOrder] = useState(watches);
  const [query, setQuery] = useState('');
  const [brand, setBrand] = useState(() => initialBrand(requestedBrand, brands));

  const shown = filterWatches(order, { query, brand });
  const state = listingState(watches.length, shown.length);
  if (state === 'empty') return <EmptyState title={copy.emptyTitle} message={copy.emptyMessage} />;

  const clearFilters = () => {
    setQuery('');
    setBrand(ALL_BRANDS);
  };

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search watches..."
            aria-label="Search watches"
            className="min-w-0 flex-1 rounded-full border border-line bg-surface px-5 py-2.5 text-ivory placeholder:text-muted focus:border-gold"
          />
          <button
            type="button"
            onClick={() => setOrder((current) => shuffle(current))}
            className={`${control} border-gold/60 text-gold hover:bg-gold hover:text-ink`}
          >
            Shuffle
          </button>
        </div>
        {brands.length > 0 && (
          <div role="group" aria-label="Filter by brand" className="flex flex-wrap gap-2">
            {brands.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={option === brand}
                onClick={() => setBrand(option)}
                className={`${control} ${option === brand ? 'border-gold bg-gold text-ink' : 'border-line text-muted hover:border-gold/60 hover:text-ivory'}`}
              >
                {option}
              </button>
            ))}
          </div>
        )}
        <p className="text-sm text-muted" aria-live="polite">
          {shown.length} {shown.length === 1 ? 'timepiece' : 'timepieces'}
        </p>
      </div>
      {state === 'no-match' ? (
        <EmptyState title={copy.noMatchTitle} message={NO_MATCH_HINT}>
          <button type="button" onClick={clearFilters} className={`${control} mt-2 border-gold/60 text-gold hover:bg-gold hover:text-ink`}>
            {CLEAR_FILTERS}
          </button>
        </EmptyState>
      ) : (
        <WatchGrid watches={shown} label={label} />
      )}
    </div>
  );
}
