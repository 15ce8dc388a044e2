'use client';

import { useState, type ReactNode } from 'react';
import { isModifiedClick } from '@/components/ui/shop-link';
import type { ListingPageData } from '@/lib/catalog/listing-url';
import type { Listing } from '@/lib/catalog/pages';
import type { ShopWatch } from '@/lib/catalog/shop-watch';
import { WatchGridItems } from './watch-grid';

type ListingGridProps = {
  listing: Listing;
  /**
   * The view's address, its seed included (listingHref), without a page: the pages appended
   * follow the same order. Built by the server, so that the listing's address code stays there.
   */
  view: string;
  /** The page the address names, and how many there are. */
  page: number;
  pageCount: number;
  /** How many cards the server rendered (children). */
  shown: number;
  label: string;
  /** The grid's look and Show more's, which the server's grids and chips share: markup, not code. */
  classNames: { grid: string; more: string };
  /** The server's cards of the page the address names. */
  children: ReactNode;
};

/**
 * A listing's cards and its Show more (issue 34): a link to the next page (`?page=2`), which
 * crawlers and a browser without scripts follow; with scripts, a press appends that page's cards,
 * fetched as JSON from GET /api/watches, and the link moves on to the page after. An answer that
 * fails falls back to loading the link's page.
 */
export function ListingGrid({ listing, view, page, pageCount, shown, label, classNames, children }: ListingGridProps) {
  const [more, setMore] = useState<ShopWatch[]>([]);
  const [lastPage, setLastPage] = useState(page);
  const [busy, setBusy] = useState(false);
  const [path, search] = view.split('?');
  const next = new URLSearchParams(search);
  next.set('page', String(lastPage + 1));
  const nextHref = `${path}?${next}`;

  const showMore = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(`/api/watches?listing=${listing}&${next}`);
      if (!response.ok) throw new Error(String(response.status));
      const data = (await response.json()) as ListingPageData;
      setMore((before) => {
        const known = new Set(before.map((watch) => watch.id));
        return [...before, ...data.watches.filter((watch) => !known.has(watch.id))];
      });
      setLastPage(data.page);
    } catch {
      // A document load of that page, which the server renders (or shows its error state for).
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      location.assign(nextHref);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ul className={classNames.grid} aria-label={label} aria-busy={busy}>
        {children}
        <WatchGridItems watches={more} before={shown} />
      </ul>
      {lastPage < pageCount && (
        <a
          href={nextHref}
          // A press before the page is interactive appends once it is (lib/hold-press.ts),
          // as one after; without scripts the link leads to the next page alone.
          data-hold-press=""
          onClick={(event) => {
            if (isModifiedClick(event)) return;
            event.preventDefault();
            void showMore();
          }}
          className={classNames.more}
        >
          {busy ? 'Loading...' : 'Show more'}
        </a>
      )}
    </>
  );
}
