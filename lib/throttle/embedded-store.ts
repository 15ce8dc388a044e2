import 'server-only';
import type { PGlite } from '@electric-sql/pglite';
import { verdictOf, type ThrottleRow, type ThrottleStore } from './store';

/** The throttle on the embedded database, through the migration's SQL functions. */
export function createEmbeddedThrottleStore(database: () => Promise<PGlite>): ThrottleStore {
  return {
    take: async (buckets, policy, now) => {
      const { rows } = await (await database()).query<ThrottleRow>(
        'select blocked, retry_after_seconds from public.throttle_take($1, $2, $3, $4, $5, $6)',
        [
          buckets.map((bucket) => bucket.key),
          buckets.map((bucket) => bucket.limit),
          policy.windowSeconds,
          policy.baseDelaySeconds,
          policy.maxDelaySeconds,
          now,
        ],
      );
      return verdictOf(rows[0]);
    },
    clear: async (keys) => {
      await (await database()).query('select * from public.throttle_clear($1)', [keys]);
    },
    giveBack: async (buckets) => {
      await (await database()).query('select * from public.throttle_give_back($1, $2)', [buckets.map((bucket) => bucket.key), buckets.map((bucket) => bucket.limit)]);
    },
  };
}
