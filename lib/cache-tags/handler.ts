import { createEntryMemory } from './entry-memory';
import { instanceNow } from './instance-clock';
import type { CacheHandler } from './next-cache-handler-types';
import type { SharedTags } from './shared-tags';

/**
 * The `'use cache'` handler of every server instance (next.config.ts: cacheHandlers): entries in
 * this process's memory, as Next's default handler keeps them, and the tags' revalidation times
 * shared through the database (SharedTags). Next's default handler is the model; where this one
 * differs, it is for the traps of sharing the tags:
 * - `get` judges an entry by its own tags against the shared times, so an entry made before a
 *   revalidation on another instance is not served (Next checks the request's implicit tags
 *   through getExpiration, not the entry's);
 * - `revalidateTag(tag, { expire: 0 })` (what the shop does) makes older entries gone at once;
 *   `'max'` makes them stale (served once more while made again) and gone only when that
 *   expiration falls due; a later `'max'` never brings back what an earlier expiry made gone;
 * - `getExpiration` counts only expirations in force, never one due in the future (which would
 *   make every entry, even those made after it, count as gone);
 * - times are compared in this instance's clock after measuring it against the database's;
 * - `refreshTags` does nothing: the server reads the tags before every request instead
 *   (lib/front-door/front-door.ts).
 */

/** Next's default budget for the in-memory cache (cacheMaxMemorySize). */
export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;

/** What `revalidateTag` asks with a profile whose expire is unset: stale now, gone far later. */
const LONGEST_EXPIRE_SECONDS = 10 * 365 * 24 * 60 * 60;

export function createSharedTagsCacheHandler(
  tags: SharedTags,
  { maxBytes = DEFAULT_MAX_BYTES }: { maxBytes?: number } = {},
): CacheHandler {
  const memory = createEntryMemory(maxBytes, instanceNow);
  return {
    async get(cacheKey) {
      const entry = await memory.get(cacheKey);
      if (!entry) return undefined;
      const verdict = tags.verdict(entry.tags, entry.timestamp);
      if (verdict === 'gone') {
        await entry.value.cancel();
        return undefined;
      }
      return verdict === 'stale' ? { ...entry, revalidate: -1 } : entry;
    },

    set: (cacheKey, pendingEntry) => memory.set(cacheKey, pendingEntry),

    // Nothing to do here: the server reads the shared tags before every request. Next also calls
    // this inside its prerenders (an opengraph card made on demand), where a database
    // read or a timer counts as uncached I/O and fails the route.
    refreshTags: async () => {},

    getExpiration: async (softTags) => tags.expiration(softTags),

    // Every revalidation of the shop goes through Next's revalidateTag, which calls this before the
    // response is sent; the server holds the response's end until it is recorded.
    updateTags: (revalidated, durations) =>
      tags.revalidate(revalidated, durations ? Math.min(durations.expire ?? LONGEST_EXPIRE_SECONDS, LONGEST_EXPIRE_SECONDS) : 0),
  };
}
