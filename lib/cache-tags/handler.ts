import type { CacheEntry, CacheHandler } from 'next/dist/server/lib/cache-handlers/types';
import type { SharedTags } from './shared-tags';

/**
 * The `'use cache'` handler of every server instance (next.config.ts: cacheHandlers): entries in
 * this process's memory, as Next's default handler keeps them, and the tags' revalidation times
 * shared through the database (SharedTags). Next's default handler
 * (next/dist/server/lib/cache-handlers/default.js) is the model; where this one differs, it is for
 * the traps of sharing the tags:
 * - `get` judges an entry by its own tags against the shared times, so an entry made before a
 *   revalidation on another instance is not served (Next checks the request's implicit tags
 *   through getExpiration, not the entry's);
 * - `revalidateTag(tag, { expire: 0 })` (what the shop does) makes older entries gone at once;
 *   `'max'` makes them stale (served once more while made again) and gone only when that
 *   expiration falls due; a later `'max'` never brings back what an earlier expiry made gone;
 * - `getExpiration` counts only expirations in force, never one due in the future (which would
 *   make every entry, even those made after it, count as gone);
 * - times are compared in this instance's clock after measuring it against the database's;
 * - `refreshTags` does nothing: the proxy reads the tags before every request instead.
 */

/** Next's default budget for the in-memory cache (cacheMaxMemorySize). */
export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;

/** What `revalidateTag` asks with a profile whose expire is unset: stale now, gone far later. */
const LONGEST_EXPIRE_SECONDS = 10 * 365 * 24 * 60 * 60;

type StoredEntry = { entry: Omit<CacheEntry, 'value'>; value: Uint8Array };

export function createSharedTagsCacheHandler(
  tags: SharedTags,
  { maxBytes = DEFAULT_MAX_BYTES, now = Date.now }: { maxBytes?: number; now?: () => number } = {},
): CacheHandler {
  /** In least recently used order, first to last. */
  const entries = new Map<string, StoredEntry>();
  const pendingSets = new Map<string, Promise<void>>();
  let bytes = 0;

  const forget = (cacheKey: string) => {
    const stored = entries.get(cacheKey);
    if (!stored) return;
    entries.delete(cacheKey);
    bytes -= stored.value.byteLength + cacheKey.length;
  };

  const keep = (cacheKey: string, stored: StoredEntry) => {
    forget(cacheKey);
    entries.set(cacheKey, stored);
    bytes += stored.value.byteLength + cacheKey.length;
    for (const [oldest] of entries) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  };

  return {
    async get(cacheKey) {
      const pending = pendingSets.get(cacheKey);
      if (pending) await pending;
      const stored = entries.get(cacheKey);
      if (!stored) return undefined;
      const { entry } = stored;
      // Past its revalidate time an in-memory entry is dropped, as Next's default does in
      // production: warming it in the background is not worth it. A negative expire is the
      // development tiered handler's mark for an evicted entry.
      const verdict = tags.verdict(entry.tags, entry.timestamp);
      if (entry.expire < 0 || now() > entry.timestamp + entry.revalidate * 1000 || verdict === 'gone') {
        forget(cacheKey);
        return undefined;
      }
      entries.delete(cacheKey);
      entries.set(cacheKey, stored);
      return { ...entry, revalidate: verdict === 'stale' ? -1 : entry.revalidate, value: streamOf(stored.value) };
    },

    async set(cacheKey, pendingEntry) {
      let settle = () => {};
      pendingSets.set(cacheKey, new Promise<void>((resolve) => (settle = resolve)));
      try {
        const entry = await pendingEntry;
        // An entry with expire 0 is made again on every read: keeping it would be wasted memory.
        if (entry.expire === 0) return;
        const { value: stream, ...metadata } = entry;
        keep(cacheKey, { entry: metadata, value: await bytesOf(stream) });
      } catch {
        // A value that failed to stream is not kept; the next read makes it again.
      } finally {
        settle();
        pendingSets.delete(cacheKey);
      }
    },

    // Nothing to do here: the proxy reads the shared tags before every request (proxy.ts). Next
    // also calls this inside its prerenders (an opengraph card made on demand), where a database
    // read or a timer counts as uncached I/O and fails the route.
    refreshTags: async () => {},

    getExpiration: async (softTags) => tags.expiration(softTags),

    updateTags: (revalidated, durations) =>
      tags.revalidate(revalidated, durations ? Math.min(durations.expire ?? LONGEST_EXPIRE_SECONDS, LONGEST_EXPIRE_SECONDS) : 0),
  };
}

/**
 * The stream's bytes, read chunk by chunk as Next's default handler does: `new Response(stream)`
 * does not take a stream made in Next's bundles for one (it kept "[object ReadableStream]").
 */
async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    chunks.push(value);
  }
}

/** A new stream over the kept bytes for each read: a stream can be read only once. */
function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}
