'use client';

import { useEffect, useState, type FormEvent, type MouseEvent } from 'react';
import { listingState } from '@/lib/catalog/listing';
import { LISTING_PATHS, listingHref, nextSeed, randomSeed, type ListingPageData } from '@/lib/catalog/listing-url';
import type { ListingRequest, ListingSort } from '@/lib/catalog/pages';
import { isModifiedClick } from '@/components/ui/shop-link';
import { BrandFilter } from './brand-filter';
import { chip, chipAction } from './listing-chips';
import { CLEAR_FILTERS, NO_MATCH_HINT, type SearchableListingCopy } from './listing-copy';
import { EmptyState } from './listing-states';
import { SortLinks } from './sort-links';
import { useDebounced, useListing } from './use-listing';
import { WatchGrid } from './watch-grid';

type WatchListingProps = {
  /** The page the server read for the address (listing-section.tsx). */
  initial: ListingPageData;
  /** The brand filter's options: 'All Brands' then each brand, or none. */
  brands: string[];
  copy: SearchableListingCopy;
  label: string;
};

/**
 * /watches and /crypto-editions (SPEC §2, issue 34): a page of 24 cards, the search, Shuffle, the
 * brand filter and the sort. Each is a form or a link the browser follows by itself, so the
 * listing works before its scripts run and without them; once they run, the listing carries them
 * out itself, fetching the next view as JSON without reloading (use-listing.ts). Show more appends
 * the next page.
 */
export function WatchListing({ initial, brands, copy, label }: WatchListingProps) {
  const { shown, busy, show, showMore, now } = useListing(initial);
  const { request, watches, total } = shown;
  const [text, setText] = useState(initial.request.query);
  const path = LISTING_PATHS[request.listing];

  const search = useDebounced((typed) => {
    const asked = now();
    const query = typed.trim();
    if (query !== asked.query) show({ ...asked, query }, 'replace', new URLSearchParams(location.search).has('seed'));
  });

  // Back and Forward: the search box shows the text of the entry returned to.
  useEffect(() => {
    const restore = () => setText(new URLSearchParams(location.search).get('q') ?? '');
    addEventListener('popstate', restore);
    return () => removeEventListener('popstate', restore);
  }, []);

  const state = listingState(total, request);
  if (state === 'empty') return <EmptyState title={copy.emptyTitle} message={copy.emptyMessage} />;

  /** A link pressed plainly: the listing shows its view itself, as a new history entry. */
  const follow = (event: MouseEvent, next: ListingRequest) => {
    if (isModifiedClick(event)) return;
    event.preventDefault();
    show({ ...next, query: text.trim() }, 'push', false);
  };
  const submitted = (event: FormEvent, act: () => void) => {
    event.preventDefault();
    act();
  };
  const clearFilters = () => {
    setText('');
    show({ ...request, query: '', brand: null }, 'push', false);
  };

  return (
    // Closer on phones: the sort row's height is taken back, four cards stay within two screens.
    <div className="flex flex-col gap-6 sm:gap-8">
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row">
          <form role="search" action={path} onSubmit={(event) => submitted(event, () => search.now(text))} className="flex min-w-0 flex-1">
            <input
              type="search"
              name="q"
              value={text}
              maxLength={100}
              onChange={(event) => {
                setText(event.target.value);
                search.later(event.target.value);
              }}
              placeholder="Search watches..."
              aria-label="Search watches"
              className="min-w-0 flex-1 rounded-full border border-line bg-surface px-5 py-2.5 text-ivory placeholder:text-muted focus:border-gold"
            />
            <KeptParameters request={request} />
          </form>
          {/* A form of its own: without scripts, Shuffle asks the server for the next seed's order. */}
          <form action={path} onSubmit={(event) => submitted(event, () => show({ ...request, query: text.trim(), seed: randomSeed() }, 'push', true))}>
            {request.query !== '' && <input type="hidden" name="q" value={request.query} />}
            <KeptParameters request={request} />
            <button type="submit" name="seed" value={nextSeed(request.seed)} className={`${chip} ${chipAction} w-full sm:w-auto`}>
              Shuffle
            </button>
          </form>
        </div>
        {brands.length > 0 && <BrandFilter options={brands} request={request} onChoose={(brand, event) => follow(event, { ...request, brand })} />}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted" aria-live="polite">
            {/* One text, so that the server HTML reads "1,284 watches" as a crawler sees it. */}
            {`${total.toLocaleString('en-US')} ${total === 1 ? 'watch' : 'watches'}`}
          </p>
          <SortLinks request={request} onChoose={(sort: ListingSort, event) => follow(event, { ...request, sort })} />
        </div>
      </div>
      {state === 'no-match' ? (
        <EmptyState title={copy.noMatchTitle} message={NO_MATCH_HINT}>
          {/* A form, so that it works without scripts too: it asks for the bare listing. */}
          <form action={path} onSubmit={(event) => submitted(event, clearFilters)}>
            <button type="submit" className={`${chip} ${chipAction} mt-2`}>
              {CLEAR_FILTERS}
            </button>
          </form>
        </EmptyState>
      ) : (
        <div className="flex flex-col items-center gap-8" aria-busy={busy}>
          {shown.firstPage > 1 && (
            <a href={listingHref({ ...request, page: 1 })} className={`${chip} ${chipAction} self-start`}>
              ← First page
            </a>
          )}
          <WatchGrid watches={watches} label={label} />
          {shown.lastPage < shown.pageCount && (
            <a
              href={listingHref({ ...request, page: shown.lastPage + 1 })}
              // A press before the page is interactive appends once it is (lib/hold-press.ts), as
              // one after; without scripts the link leads to the next page alone.
              data-hold-press=""
              onClick={(event) => {
                if (isModifiedClick(event)) return;
                event.preventDefault();
                showMore();
              }}
              className={`${chip} ${chipAction} px-8`}
            >
              {busy ? 'Loading...' : 'Show more'}
            </a>
          )}
        </div>
      )}
    </div>
  );
}

/** The brand and sort a form sends along with its own field, so that it keeps the view. */
function KeptParameters({ request }: { request: ListingRequest }) {
  return (
    <>
      {request.brand !== null && <input type="hidden" name="brand" value={request.brand} />}
      {request.sort !== 'shuffle' && <input type="hidden" name="sort" value={request.sort} />}
    </>
  );
}
