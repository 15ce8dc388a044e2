'use client';

import { useCallback, useEffect, useState } from 'react';

/**
 * What an admin tab loads when it opens (the account, the staff, the factors): the data once it
 * came, the server's message if it did not, and how to load it again (Retry). `load` must keep its
 * identity across renders (adminApi's functions do).
 */
export function useLoaded<T>(load: () => Promise<T>, failure: string) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fetchData = useCallback(
    () => load().then(setData, (reason: unknown) => setError(reason instanceof Error ? reason.message : failure)),
    [load, failure],
  );
  // The state is set when the answer comes, never in the effect itself.
  useEffect(() => {
    void fetchData();
  }, [fetchData]);
  const reload = useCallback(async () => {
    setError(null);
    await fetchData();
  }, [fetchData]);
  return { data, setData, error, reload };
}
