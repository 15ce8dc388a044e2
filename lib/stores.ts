import 'server-only';
import { createEmbeddedLoginThrottle } from './auth/embedded-login-throttle';
import type { LoginThrottle } from './auth/login-throttle';
import { createSupabaseLoginThrottle } from './auth/supabase-login-throttle';
import { createEmbeddedCatalogStore } from './catalog/embedded-store';
import type { CatalogStore } from './catalog/store';
import { createSupabaseCatalogStore } from './catalog/supabase-store';
import { parseDatabaseConfig } from './config';
import { openEmbeddedDatabase } from './db/embedded';
import { createSupabaseClients } from './db/supabase';
import { createEmbeddedOrderStore } from './orders/embedded-store';
import type { OrderStore } from './orders/store';
import { createSupabaseOrderStore } from './orders/supabase-store';

export type Stores = { catalog: CatalogStore; orders: OrderStore; loginThrottle: LoginThrottle };

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
      loginThrottle: createSupabaseLoginThrottle(clients),
    };
  }
  const database = () => openEmbeddedDatabase(config.dataDir);
  return {
    catalog: createEmbeddedCatalogStore(database),
    orders: createEmbeddedOrderStore(database),
    loginThrottle: createEmbeddedLoginThrottle(database),
  };
}
