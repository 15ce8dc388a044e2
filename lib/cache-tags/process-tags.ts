import { parseDatabaseConfig } from '@/lib/config';
import { createSupabaseClients } from '@/lib/db/supabase';
import { createMemoryCacheTagStore } from './memory-store';
import { SharedTags } from './shared-tags';
import type { CacheTagStore } from './store';
import { createSupabaseCacheTagStore } from './supabase-store';

/**
 * This process's shared cache tags. Two modules use them, both outside Next's bundles: ORX's server
 * (lib/front-door/), which reads them before each request and judges the kept pages by them, and
 * the `'use cache'` handler (next-cache-handler.ts), which Next imports by its path. Both import
 * this module, and Node loads a module once per process: one state, no global.
 */
let tags: SharedTags | undefined;

export function processTags(): SharedTags {
  tags ??= new SharedTags({ store: lazily(storeOfThisServer) });
  return tags;
}

/**
 * On Supabase, the table every instance shares; on the embedded database, which only this process
 * can open, this process's memory. Made on first use, so that `next build` opens nothing.
 */
function storeOfThisServer(): CacheTagStore {
  const config = parseDatabaseConfig(process.env);
  return config.kind === 'supabase' ? createSupabaseCacheTagStore(createSupabaseClients(config)) : createMemoryCacheTagStore();
}

function lazily<Made>(make: () => Made): () => Made {
  let made: Made | undefined;
  return () => (made ??= make());
}
