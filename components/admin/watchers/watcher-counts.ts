import { call } from '@/lib/admin/api-client';

/** GET /api/admin/watchlist: how many confirmed watchers each piece and each brand has (issue 52). */
export type WatcherCounts = {
  pieces: { watchId: string; brand: string; model: string; watchers: number }[];
  brands: { brand: string; watchers: number }[];
};

const WATCHER_COUNTS_PATH = '/api/admin/watchlist';
export const WATCHER_EXPORT_PATH = '/api/admin/watchlist/export';

/** A module-level function, so that useLoaded keeps loading it once per opening of the tab. */
export const loadWatcherCounts = () => call<WatcherCounts>(WATCHER_COUNTS_PATH);
