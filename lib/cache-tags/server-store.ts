import 'server-only';
import { storeOf } from '@/lib/db/stores';
import { createEmbeddedCacheTagStore } from './embedded-store';
import type { CacheTagStore } from './store';
import { createSupabaseCacheTagStore } from './supabase-store';

/** This server's store of the cache tags every instance shares. */
export const cacheTagStore = (): CacheTagStore => storeOf('cache-tags', { supabase: createSupabaseCacheTagStore, embedded: createEmbeddedCacheTagStore });
