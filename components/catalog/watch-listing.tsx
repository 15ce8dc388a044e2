'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ALL_BRANDS, brandFilterOptions, filterWatches, listingFilterFromUrl, listingState, listingUrl, shuffle, type ListingFilter } from '@/lib/catalog/listing';
import type { ShopWatch } from '@/lib/catalog/shop-watch';
import { CLEAR_FILTERS, NO_MATCH_HINT, type SearchableListingCopy } from './listing-copy';
import { EmptyState } from './listing-states';
import { WatchGrid } from './watch-grid';

type WatchListingProps = {
  /** Already shuffled by the server: the first render shows exactly the server's order. */
  watches: ShopWatch[];
  copy: SearchableListingCopy;
  label: string;
};

const control = 'rounded-full border px-4 py-2 text-sm transition';

/**
 * /watches and /crypto-editions (SPEC §2): search, Shuffle and the brand filter, over the list the
 * server rendered. `?brand=` preselects the filter. The filter and the search are kept in the
 * address (`?brand=`, `?q=`), so a filtered view can be shared and reloaded: each brand chosen is a
 * history entry that Back returns from, the search text replaces the current one as it is typed.
 * Next.js's router follows these history calls itself, without fetching anything.
 */
export function WatchListing({ watches, copy, label }: WatchListingProps) {
  // Never null under the App Router; typed so because the project has a Pages Router API route too.
  const params = useSearchParams() ?? new URLSearchParams();
  const brands = useMemo(() => brandFilterOptions(watches), [watches]);
  const [order, setOrder] = useState(watches);
  const [filter, setFilter] = useState(() => listingFilterFromUrl(params));
  const { query, brand } = filter;
  const brandGroup = useRef<HTMLDivElement>(null);

  // On phones the brands scroll sideways in one row: keep the chosen one (e.g. from ?brand=) in view.
  // The row alone scrolls, never the page: a shopper who scrolled down before the page was
  // interactive would be taken back up, and their press would land elsewhere.
  useEffect(() => {
    const row = brandGroup.current;
    const chosen = row?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!row || !chosen) return;
    // As little as it takes: between showing the brand at the row's right end and at its left.
    const left = chosen.offsetLeft - row.offsetLeft;
    row.scrollLeft = Math.min(Math.max(row.scrollLeft, left + chosen.offsetWidth - row.clientWidth), left);
  }, [brand]);

  // Back and Forward: show the filter of the entry returned to.
  useEffect(() => {
    const restore = () => setFilter(listingFilterFromUrl(new URLSearchParams(location.search)));
    addEventListener('popstate', restore);
    return () => removeEventListener('popstate', restore);
  }, []);

  const shown = filterWatches(order, filter);
  const state = listingState(watches.length, shown.length);
  if (state === 'empty') return <EmptyState title={copy.emptyTitle} message={copy.emptyMessage} />;

  const change = (next: ListingFilter, newEntry: boolean) => {
    setFilter(next);
    const url = listingUrl(location.href, next);
    if (newEntry) history.pushState(null, '', url);
    else history.replaceState(history.state, '', url);
  };
  const clearFilters = () => change({ query: '', brand: ALL_BRANDS }, true);

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            type="search"
            value={query}
            onChange={(event) => change({ query: event.target.value, brand }, false)}
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
          <div
            ref={brandGroup}
            role="group"
            aria-label="Filter by brand"
            // On phones one row that scrolls, its end faded (globals.css); the room after the last
            // brand lets it clear the fade once scrolled to.
            className="-mx-5 flex gap-2 overflow-x-auto px-5 pb-1 [scrollbar-width:thin] max-sm:scroll-fade-end max-sm:pr-12 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0"
          >
            {brands.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={option === brand}
                onClick={() => change({ query, brand: option }, true)}
                className={`${control} shrink-0 whitespace-nowrap ${option === brand ? 'border-gold bg-gold text-ink' : 'border-line text-muted hover:border-gold/60 hover:text-ivory'}`}
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
