import 'server-only';
import type { Subscription } from './request';
import { savedSearchFromPath } from './saved-search';
import type { WatchlistStore } from './store';
import type { SubscribeOutcome, Subscriber } from './types';

/** What "Notify me" and "Save this search" come to; the route turns it into a status. */
export type SubscribeResult =
  | { ok: true; state: 'confirm' | 'watching'; message: string }
  | { ok: false; reason: 'bad_request' | 'unknown_watch' | 'email_needed'; message: string };

/**
 * Who is told: the address typed (confirmed from the e-mail, unless it is already this wallet's),
 * else the signed-in wallet's own address (the one it confirmed, or its purchases'), told at once.
 */
async function subscriberOf(subscription: Subscription, wallet: string | null, store: WatchlistStore): Promise<Subscriber | null> {
  if (subscription.email) return { email: subscription.email, wallet, confirmed: false };
  if (!wallet) return null;
  const email = await store.walletAddress(wallet);
  return email ? { email, wallet, confirmed: true } : null;
}

/** What a watched piece will be told of: its return when no piece is free now (sold out or held), else a price drop. */
function piece({ outcome, available }: { outcome: SubscribeOutcome; available: boolean | null }) {
  return { outcome, told: available ? 'when its price drops by 5 % or more' : 'when it is available again' };
}

export async function subscribe(subscription: Subscription, wallet: string | null, store: WatchlistStore): Promise<SubscribeResult> {
  const search = 'search' in subscription ? savedSearchFromPath(subscription.search) : null;
  if (search?.ok === false) return { ok: false, reason: 'bad_request', message: search.message };
  const who = await subscriberOf(subscription, wallet, store);
  if (!who) {
    return wallet
      ? { ok: false, reason: 'email_needed', message: 'Give the e-mail address we should write to: we confirm it once.' }
      : { ok: false, reason: 'bad_request', message: 'Give an e-mail address to be told, or sign in with your wallet.' };
  }
  const asked = search?.ok
    ? { outcome: await store.saveSearch(who, search.search), told: 'of each new watch that matches' }
    : 'watchId' in subscription
      ? piece(await store.watchPiece(who, subscription.watchId, subscription.below ?? null))
      : { outcome: 'unknown_watch' as const, told: '' };
  if (asked.outcome === 'unknown_watch') return { ok: false, reason: 'unknown_watch', message: 'This watch is no longer in the catalogue.' };
  if (asked.outcome === 'confirm') {
    return {
      ok: true,
      state: 'confirm',
      message: `Check your inbox: confirm from our e-mail to ${who.email}, and we will tell you ${asked.told}. We send at most one confirmation a day, and nothing else before it.`,
    };
  }
  return {
    ok: true,
    state: 'watching',
    message: `Done: we will e-mail ${who.email} ${asked.told}. ${search ? 'The search' : 'The piece'} is under My Orders › Watchlist.`,
  };
}
