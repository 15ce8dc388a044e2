import 'server-only';
import type { PGlite } from '@electric-sql/pglite';
import { snapshotOf, type CacheTagStore } from './store';

/** The cache tags on the embedded database, through the migration's SQL functions. */
export function createEmbeddedCacheTagStore(database: () => Promise<PGlite>): CacheTagStore {
  return {
    opened: database,
    read: async () => snapshotOf((await (await database()).query('select * from public.cache_tags_state()')).rows),
    revalidate: async (tags, expireSeconds) =>
      snapshotOf((await (await database()).query('select * from public.cache_tags_revalidate($1, $2)', [tags, expireSeconds])).rows),
  };
}
