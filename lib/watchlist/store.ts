import 'server-only';
import type { CallFunction } from '@/lib/db/functions';
import type { AttemptResult } from '@/lib/orders/events';
import { toClaimedAlert, toWatcherCounts, toWatchlist } from './schema';
import type { ClaimedAlert, SearchToSave, SubscribeOutcome, Subscriber, Watchlist, WatcherCounts } from './types';

/**
 * The watchers, what they watch and their alerts (supabase/migrations/…_watchlists.sql). Every
 * change is one SQL function, so several instances share them; the same calls on either backend.
 */
export interface WatchlistStore {
  /** With whether a piece is free now: the watcher is then told of a price drop, else of its return. */
  watchPiece(who: Subscriber, watchId: string, belowSol: string | null): Promise<{ outcome: SubscribeOutcome; available: boolean | null }>;
  saveSearch(who: Subscriber, search: SearchToSave): Promise<Exclude<SubscribeOutcome, 'unknown_watch'>>;
  /** The address a signed-in wallet is told at without typing one; null when it has none. */
  walletAddress(wallet: string): Promise<string | null>;
  /** The confirmation link pressed: how many items it turned on; null for an unknown (or forgotten) watcher. */
  confirm(watcherId: string): Promise<number | null>;
  /** Deletes the address and everything it watched; false when it was already gone. */
  forget(watcherId: string): Promise<boolean>;
  /** My Orders' Remove; false unless the item is one of this wallet's. */
  remove(wallet: string, itemId: string): Promise<boolean>;
  ofWallet(wallet: string): Promise<Watchlist>;
  ofWatcher(watcherId: string): Promise<Watchlist | null>;
  /** The worker's look: writes the alerts of what changed; how many. */
  queue(dropStep: number): Promise<number>;
  claim(owner: string, limit: number, leaseSeconds: number, perDay: number): Promise<ClaimedAlert[]>;
  /** One e-mail's outcome for its alerts (one, or a digest's); how many were still this owner's. */
  finish(ids: string[], owner: string, result: AttemptResult, retrySeconds: number | null): Promise<number>;
  counts(): Promise<WatcherCounts>;
}

const subscriberArgs = (who: Subscriber) => ({ p_email: who.email, p_wallet: who.wallet, p_confirmed: who.confirmed });

export function createWatchlistStore(call: CallFunction): WatchlistStore {
  const first = async <Row>(fn: string, args: Record<string, unknown>) => (await call(fn, args))[0] as Row | undefined;

  return {
    watchPiece: async (who, watchId, belowSol) =>
      (await first<{ outcome: SubscribeOutcome; available: boolean | null }>('watch_piece', { ...subscriberArgs(who), p_watch_id: watchId, p_below_sol: belowSol }))!,
    saveSearch: async (who, search) =>
      (await first<{ outcome: 'watching' | 'confirm' }>('save_search', {
        ...subscriberArgs(who),
        p_path: search.path,
        p_label: search.label,
        p_listing: search.listing,
        p_query: search.query,
        p_brand: search.brand ?? '',
        p_facets: search.facets,
      }))!.outcome,
    walletAddress: async (wallet) => (await first<{ email: string | null }>('wallet_alert_address', { p_wallet: wallet }))?.email ?? null,
    confirm: async (watcherId) => (await first<{ confirmed: number }>('confirm_watcher', { p_id: watcherId }))?.confirmed ?? null,
    forget: async (watcherId) => (await first<{ forgotten: boolean }>('forget_watcher', { p_id: watcherId }))?.forgotten === true,
    remove: async (wallet, itemId) => (await first<{ removed: boolean }>('remove_watched', { p_wallet: wallet, p_id: itemId }))?.removed === true,
    ofWallet: async (wallet) => toWatchlist((await first<{ watchlist: unknown }>('watchlist_of_wallet', { p_wallet: wallet }))!.watchlist),
    ofWatcher: async (watcherId) => {
      const row = await first<{ watchlist: unknown }>('watchlist_of_watcher', { p_id: watcherId });
      return row ? toWatchlist(row.watchlist) : null;
    },
    queue: async (dropStep) => (await first<{ queued: number }>('queue_watch_alerts', { p_drop: dropStep }))?.queued ?? 0,
    claim: async (owner, limit, leaseSeconds, perDay) =>
      ((await call('claim_watch_alerts', { p_owner: owner, p_limit: limit, p_lease_seconds: leaseSeconds, p_per_day: perDay })) as { alert: unknown }[]).map((row) =>
        toClaimedAlert(row.alert),
      ),
    finish: async (ids, owner, result, retrySeconds) =>
      (
        await first<{ finished: number }>('finish_watch_alerts', {
          p_ids: ids,
          p_owner: owner,
          // A message the shop's own rule kept back is not tried again.
          p_outcome: result.outcome === 'skipped' ? 'failed' : result.outcome,
          p_status: result.status,
          p_error: result.outcome === 'delivered' ? null : result.error,
          p_retry_seconds: retrySeconds,
        })
      )?.finished ?? 0,
    counts: async () => toWatcherCounts((await first<{ counts: unknown }>('watcher_counts', {}))!.counts),
  };
}
