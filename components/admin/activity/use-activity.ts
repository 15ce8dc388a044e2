'use client';

import { useEffect, useState } from 'react';
import { activityQueryString, type ActivityFilter, type ActivityLine } from '@/lib/admin/activity-query';
import { adminApi } from '@/lib/admin/api-client';

/** What the list shows, and for which filter (and attempt) it was loaded. */
type Shown = {
  key: string;
  lines: ActivityLine[];
  next: number | null;
  error: string | null;
  loadingMore: boolean;
};

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : 'The activity could not be loaded. Please try again.');

/**
 * The trail, a page at a time: a new filter starts again from the newest line, "Load older
 * activity" appends the page before the oldest shown (by line number, so lines written meanwhile
 * never shift it). Loading is derived from which filter the lines were loaded for, so the
 * effect sets no state before its answer comes.
 */
export function useActivity(filter: ActivityFilter) {
  const [attempt, setAttempt] = useState(0);
  const [shown, setShown] = useState<Shown | null>(null);
  const key = `${attempt}?${activityQueryString(filter)}`;

  useEffect(() => {
    // A slow answer for an earlier filter must not replace the newer one's.
    let current = true;
    adminApi.activity(filter, null).then(
      (page) => current && setShown({ key, lines: page.lines, next: page.next, error: null, loadingMore: false }),
      (failure: unknown) => current && setShown({ key, lines: [], next: null, error: messageOf(failure), loadingMore: false }),
    );
    return () => {
      current = false;
    };
  }, [filter, key]);

  const loaded = shown !== null && shown.key === key ? shown : null;
  const sameList = (update: (old: Shown) => Shown) => setShown((old) => (old !== null && old.key === key ? update(old) : old));

  function loadMore() {
    if (loaded === null || loaded.next === null || loaded.loadingMore) return;
    sameList((old) => ({ ...old, error: null, loadingMore: true }));
    adminApi.activity(filter, loaded.next).then(
      (page) => sameList((old) => ({ ...old, lines: [...old.lines, ...page.lines], next: page.next, loadingMore: false })),
      (failure: unknown) => sameList((old) => ({ ...old, error: messageOf(failure), loadingMore: false })),
    );
  }

  return {
    lines: loaded?.lines ?? [],
    next: loaded?.next ?? null,
    error: loaded?.error ?? null,
    loading: loaded === null ? ('first' as const) : loaded.loadingMore ? ('more' as const) : null,
    loadMore,
    /** After a failed first page, loads it again; after a failed older page, that page. */
    retry: () => (loaded !== null && loaded.lines.length > 0 ? loadMore() : setAttempt((old) => old + 1)),
  };
}
