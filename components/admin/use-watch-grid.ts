'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { adminApi } from '@/lib/admin/api-client';
import { watchListSearch, type AdminWatchPage, type WatchListQuery } from '@/lib/admin/watch-list-query';
import type { Watch } from '@/lib/catalog/types';

/** Typing pauses this long before the server is asked: one search per word, not per letter. */
export const SEARCH_DELAY_MS = 300;

/** The grid as shown: a page of the server's answer, for the search it answered. */
export type WatchGrid = AdminWatchPage & { q: string };

/**
 * The admin grid, a page at a time from the server (issue 34). The address follows what is shown
 * (?q=&page=), replaced rather than pushed, so a reload shows the same page and Back leaves the
 * panel. Only the latest request may answer: a slow page of an earlier search must not replace a
 * newer one.
 */
export function useWatchGrid(initial: WatchGrid) {
  const [grid, setGrid] = useState(initial);
  const [search, setSearch] = useState(initial.q);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  // What was last asked of the server, answered or not: a change read again while a search is on
  // its way reads that search, not the grid it is about to replace.
  const asked = useRef<WatchListQuery>({ q: initial.q, page: initial.page });
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);

  const load = useCallback(async (query: WatchListQuery) => {
    const request = ++latest.current;
    asked.current = query;
    setLoading(true);
    try {
      const page = await adminApi.listWatches(query);
      if (request !== latest.current) return;
      setGrid({ ...page, q: query.q });
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${watchListSearch({ q: query.q, page: page.page })}`);
    } catch (error) {
      // SPEC §8: a failed admin list load is only logged.
      console.error('Failed to load watches', error);
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, []);

  useEffect(() => () => clearTimeout(typing.current), []);

  /** Typed text: searched on the server once typing pauses, from the first page. */
  const type = (text: string) => {
    setSearch(text);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => void load({ q: text, page: 1 }), SEARCH_DELAY_MS);
  };

  /** Enter: searched at once. */
  const submit = () => {
    clearTimeout(typing.current);
    void load({ q: search, page: 1 });
  };

  /** The grid's watch replaced by its saved version, until the page is read again. */
  const replace = (saved: Watch) =>
    setGrid((old) => ({ ...old, watches: old.watches.map((watch) => (watch.id === saved.id ? saved : watch)) }));

  return {
    grid,
    search,
    loading,
    type,
    submit,
    replace,
    goTo: (page: number) => load({ q: grid.q, page }),
    /** The page last asked for, read again after a change: totals, order and stock counts as they are now. */
    refresh: () => load(asked.current),
  };
}
