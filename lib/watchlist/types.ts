/** Issue 52: what a watcher watches and what they are told (docs/watchlist.md). */

export const ALERT_KINDS = ['confirm', 'back_in_stock', 'price_drop', 'new_match'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** A price drop is told once the price is this much below the last one told (or the watcher's own limit). */
export const PRICE_DROP_STEP = 0.05;
/** Alerts a watcher is sent one by one a day; the others wait for one daily digest. */
export const ALERTS_PER_WATCHER_PER_DAY = 3;

export type WatchedPiece = {
  id: string;
  watchId: string;
  brand: string;
  model: string;
  available: boolean;
  priceSol: string;
  /** The watcher's own limit in SOL, if they gave one. */
  below: string | null;
  /** False until the address confirms it (a piece added by typing an address). */
  confirmed: boolean;
  createdAt: string;
};

export type SavedSearch = { id: string; path: string; label: string; confirmed: boolean; createdAt: string };

/** What a wallet (My Orders) or an address (the unsubscribe page) watches. */
export type Watchlist = { email: string | null; pieces: WatchedPiece[]; searches: SavedSearch[] };

/** Who asks: an address, the signed-in wallet if any, and whether the address needs no confirmation. */
export type Subscriber = { email: string; wallet: string | null; confirmed: boolean };

export type SubscribeOutcome = 'watching' | 'confirm' | 'unknown_watch';

/** A saved search as the listing's address reads it (lib/catalog/listing-request.ts). */
export type SearchToSave = {
  path: string;
  label: string;
  listing: 'all' | 'crypto';
  query: string;
  brand: string | null;
  facets: Record<string, unknown>;
};

/** An alert claimed for sending, with the address it goes to and what it says. */
export type ClaimedAlert = {
  id: string;
  watcherId: string;
  email: string;
  kind: AlertKind;
  snapshot: Record<string, unknown>;
  digest: boolean;
  attempts: number;
  createdAt: string;
};

export type WatcherCounts = {
  pieces: { watchId: string; brand: string; model: string; watchers: number }[];
  brands: { brand: string; watchers: number }[];
};
