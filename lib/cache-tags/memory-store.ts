import { instanceNow } from './instance-clock';
import { laterTimes, timesOfRevalidation, type CacheTagStore, type TagSnapshot, type TagTimes } from './store';

/** What the SQL function accepts (supabase/migrations/20261124120000_cache_tags.sql). */
const MAX_TAGS = 64;
const MAX_TAG_LENGTH = 256;
const MAX_EXPIRE_SECONDS = 315_360_000;

/**
 * The cache tags of a shop on the embedded database, in this process's memory: only one process
 * can open an embedded database (lib/db/data-dir-lock.ts), so there is no other instance to share
 * them with, and nothing to keep across a restart (every cache starts empty). The same contract as
 * the table's SQL functions (tests/unit/cache-tags-contract.test.ts), with this process's clock as
 * the database's.
 */
export function createMemoryCacheTagStore(now: () => number = instanceNow): CacheTagStore {
  const tags = new Map<string, TagTimes>();
  let latestMs = -Infinity;

  /** A time past every one recorded, as the SQL function waits for its clock to move on. */
  const clock = () => {
    latestMs = Math.max(now(), latestMs + 0.001);
    return latestMs;
  };
  const snapshot = (): TagSnapshot => ({ databaseNowMs: clock(), tags: new Map([...tags].map(([tag, times]) => [tag, { ...times }])) });

  return {
    read: async () => snapshot(),
    revalidate: async (given, expireSeconds) => {
      if (given.length < 1 || given.length > MAX_TAGS) throw new RangeError(`cache tags: between 1 and ${MAX_TAGS} tags`);
      // In characters (code points), as the table's check counts them.
      if (given.some((tag) => tag.length === 0 || [...tag].length > MAX_TAG_LENGTH)) throw new RangeError(`cache tags: a tag is 1 to ${MAX_TAG_LENGTH} characters`);
      if (!(expireSeconds >= 0 && expireSeconds <= MAX_EXPIRE_SECONDS)) throw new RangeError(`cache tags: expire must be between 0 and ${MAX_EXPIRE_SECONDS} seconds`);
      const at = clock();
      for (const tag of new Set(given)) tags.set(tag, laterTimes(tags.get(tag), timesOfRevalidation(at, expireSeconds)));
      return snapshot();
    },
  };
}
