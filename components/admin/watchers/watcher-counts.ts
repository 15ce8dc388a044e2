import { call } from '@/lib/admin/api-client';
import type { WatcherCounts } from '@/lib/watchlist/types';

export const WATCHER_EXPORT_PATH = '/api/admin/watchlist/export';

/** A module-level function, so that useLoaded keeps loading it once per opening of the tab. */
export const loadWatcherCounts = () => call<WatcherCounts>('/api/admin/watchlist');
