/**
 * The `'use cache'` handler contract, as next.config's `cacheHandlers` documents it (Next.js 16,
 * docs: "cacheHandlers"). Written out here because Next exports these types only from its private
 * `next/dist` paths.
 */

export interface CacheEntry {
  /** The serialized value: a handler consumes it once in `set` and returns a new stream from every `get`. */
  value: ReadableStream<Uint8Array>;
  /** The entry's own tags, soft tags excluded. */
  tags: string[];
  /** For the client only [seconds]. */
  stale: number;
  /** When the entry was made [ms since the epoch]. */
  timestamp: number;
  /** How long it may be used at all [seconds]: Next checks it on every read. */
  expire: number;
  /** How long until it is made again [seconds]; a negative value makes the next read refresh it. */
  revalidate: number;
}

export interface CacheHandler {
  get(cacheKey: string, softTags: string[]): Promise<CacheEntry | undefined>;
  set(cacheKey: string, pendingEntry: Promise<CacheEntry>): Promise<void>;
  refreshTags(): Promise<void>;
  getExpiration(tags: string[]): Promise<number>;
  updateTags(tags: string[], durations?: { expire?: number }): Promise<void>;
}
