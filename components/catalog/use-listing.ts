'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { addressApiUrl, listingApiUrl, listingHref, LISTING_PATHS, type ListingPageData } from '@/lib/catalog/listing-url';
import type { ListingRequest } from '@/lib/catalog/pages';
import type { ShopWatch } from '@/lib/catalog/shop-watch';

/** How long the search waits after the last key before asking for its results. */
const SEARCH_DELAY_MS = 250;

/** The seed an entry of the history was shown in, when its address does not say it. */
type EntryState = { orxListingSeed?: number } | null;

export type ListingShown = {
  request: ListingRequest;
  watches: ShopWatch[];
  total: number;
  pageCount: number;
  /** The first and last page shown: a page opened at ?page=N shows N, then N+1… */
  firstPage: number;
  lastPage: number;
};

/** How a change is written into the address: a new history entry, or the current one replaced. */
type Entry = 'push' | 'replace';

const shownFrom = (data: ListingPageData): ListingShown => ({ ...data, firstPage: data.page, lastPage: data.page });

/**
 * A listing's view in the browser: the server's page first, then each change fetched as JSON from
 * GET /api/watches, without reloading the page. The address always names the view, so it can be
 * shared and reloaded: a brand, sort or Shuffle is a new history entry that Back returns from, the
 * search replaces the current one as it is typed. An answer that fails falls back to loading the
 * view's address, which the server renders itself.
 */
export function useListing(initial: ListingPageData) {
  const [shown, setShown] = useState(() => shownFrom(initial));
  const [busy, setBusy] = useState(false);
  // Each request numbered: an answer to one that a later one replaced is dropped.
  const latest = useRef(0);
  const current = useRef(shown);
  useEffect(() => {
    current.current = shown;
  }, [shown]);

  const load = useCallback(async (url: string, fallback: string, append: boolean) => {
    const ticket = ++latest.current;
    setBusy(true);
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(String(response.status));
      const data = (await response.json()) as ListingPageData;
      if (ticket !== latest.current) return;
      setShown((before) => {
        if (!append) return shownFrom(data);
        const known = new Set(before.watches.map((watch) => watch.id));
        const more = data.watches.filter((watch) => !known.has(watch.id));
        return { ...before, watches: [...before.watches, ...more], total: data.total, pageCount: data.pageCount, lastPage: data.page };
      });
    } catch {
      location.assign(fallback);
    } finally {
      if (ticket === latest.current) setBusy(false);
    }
  }, []);

  /** Shows `request` from its first page; the address carries the seed only when asked to (Shuffle). */
  const show = useCallback(
    (request: ListingRequest, entry: Entry, seedInAddress: boolean) => {
      const next = { ...request, page: 1 };
      // Asked for from now on: a search typed meanwhile compares itself with this (now()).
      current.current = { ...current.current, request: next };
      const url = listingHref({ ...next, seed: seedInAddress ? next.seed : null });
      // Next.js's router adds its own state to the entry and follows the change of address,
      // without fetching anything; state that already carried its marks would bypass it.
      const state: EntryState = { orxListingSeed: next.seed };
      if (entry === 'push') history.pushState(state, '', url);
      else history.replaceState(state, '', url);
      void load(listingApiUrl(next), listingHref(next), false);
    },
    [load],
  );

  /** Appends the page after the last one shown. */
  const showMore = useCallback(() => {
    const next = { ...shown.request, page: shown.lastPage + 1 };
    void load(listingApiUrl(next), listingHref(next), true);
  }, [load, shown]);

  // Back and Forward: show the view of the entry returned to, in the order it was shown in.
  useEffect(() => {
    const initialSeed = initial.request.seed;
    const restore = (event: PopStateEvent) => {
      // Back to another page: Next.js shows it, and this listing goes.
      if (location.pathname !== LISTING_PATHS[initial.request.listing]) return;
      const seed = (event.state as EntryState)?.orxListingSeed ?? initialSeed;
      void load(addressApiUrl(initial.request.listing, location.search, seed), location.href, false);
    };
    addEventListener('popstate', restore);
    return () => removeEventListener('popstate', restore);
  }, [initial.request, load]);

  /** The view shown or asked for last, for a handler that runs later (the search's timer). */
  const now = useCallback(() => current.current.request, []);

  return { shown, busy, show, showMore, now };
}

/** Calls `apply` with the search text once typing has paused; `flush` applies at once (Enter). */
export function useDebounced(apply: (text: string) => void) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    later: (text: string) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => apply(text), SEARCH_DELAY_MS);
    },
    now: (text: string) => {
      clearTimeout(timer.current);
      apply(text);
    },
  };
}
