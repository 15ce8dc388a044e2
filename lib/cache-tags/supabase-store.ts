import 'server-only';
import { unwrap, type SupabaseClients } from '@/lib/db/supabase';
import { snapshotOf, type CacheTagStore } from './store';

/** The cache tags on Supabase: the migration's SQL functions, callable by the service role only. */
export function createSupabaseCacheTagStore({ writer }: SupabaseClients): CacheTagStore {
  return {
    read: async () => snapshotOf(unwrap(await writer.rpc('cache_tags_state'), 'read the cache tags')),
    revalidate: async (tags, expireSeconds) =>
      snapshotOf(
        unwrap(await writer.rpc('cache_tags_revalidate', { p_tags: tags, p_expire_seconds: expireSeconds }), 'revalidate the cache tags'),
      ),
  };
}
