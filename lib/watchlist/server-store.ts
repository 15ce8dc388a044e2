import 'server-only';
import { embeddedFunctions, supabaseFunctions } from '@/lib/db/functions';
import { storeOf } from '@/lib/db/stores';
import { createWatchlistStore, type WatchlistStore } from './store';

/** This server's store of the watchlists. */
export const watchlistStore = (): WatchlistStore =>
  storeOf('watchlist', {
    supabase: (clients) => createWatchlistStore(supabaseFunctions(clients)),
    embedded: (database) => createWatchlistStore(embeddedFunctions(database)),
  });
