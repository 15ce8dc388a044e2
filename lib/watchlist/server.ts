import 'server-only';
import { watchlistStore } from './server-store';
import type { Watchlist } from './types';

/** My Orders' Watchlist: what the signed-in wallet's addresses watch, rendered on the server. */
export function watchlistOfWallet(wallet: string): Promise<Watchlist> {
  return watchlistStore().ofWallet(wallet);
}
