import 'server-only';
import { createEmbeddedCacheTagStore } from './cache-tags/embedded-store';
import type { CacheTagStore } from './cache-tags/store';
import { createSupabaseCacheTagStore } from './cache-tags/supabase-store';
import { createEmbeddedCatalogStore } from './catalog/embedded-store';
import type { CatalogStore } from './catalog/store';
import { createSupabaseCatalogStore } from './catalog/supabase-store';
import { parseDatabaseConfig } from './config';
import { openEmbeddedDatabase } from './db/embedded';
import { createSupabaseClients } from './db/supabase';
import { createEmbeddedOrderEventStore } from './events/embedded-store';
import type { OrderEventStore } from './events/store';
import { createSupabaseOrderEventStore } from './events/supabase-store';
import { createEmbeddedOrderStore } from './orders/embedded-store';
import type { OrderStore } from './orders/store';
import { createSupabaseOrderStore } from './orders/supabase-store';
import { createEmbeddedSignInNonceStore } from './sign-in/embedded-store';
import type { SignInNonceStore } from './sign-in/store';
import { createSupabaseSignInNonceStore } from './sign-in/supabase-store';
import { createEmbeddedThrottleStore } from './throttle/embedded-store';
import type { ThrottleStore } from './throttle/store';
import { createSupabaseThrottleStore } from './throttle/supabase-store';

export type Stores = { catalog: CatalogStore; orders: OrderStore; throttle: ThrottleStore; events: OrderEventStore; signInNonces: SignInNonceStore; cacheTags: CacheTagStore };

/**
 * The stores this server uses: Supabase when its settings are given, else the embedded database.
 * Made on first use, never at import, so `next build` opens no database.
 */
export function getStores(): Stores {
  const holder = globalThis as typeof globalThis & { __orxStores?: Stores };
  return (holder.__orxStores ??= createStores());
}

function createStores(): Stores {
  const config = parseDatabaseConfig(process.env);
  if (config.kind === 'supabase') {
    const clients = createSupabaseClients(config);
    return {
      catalog: createSupabaseCatalogStore(clients),
      orders: createSupabaseOrderStore(clients),
      throttle: createSupabaseThrottleStore(clients),
      events: createSupabaseOrderEventStore(clients),
      signInNonces: createSupabaseSignInNonceStore(clients),
      cacheTags: createSupabaseCacheTagStore(clients),
    };
  }
  const database = () => openEmbeddedDatabase(config.dataDir);
  return {
    catalog: createEmbeddedCatalogStore(database),
    orders: createEmbeddedOrderStore(database),
    throttle: createEmbeddedThrottleStore(database),
    events: createEmbeddedOrderEventStore(database),
    signInNonces: createEmbeddedSignInNonceStore(database),
    cacheTags: createEmbeddedCacheTagStore(database),
  };
}
