import 'server-only';
import type { PGlite } from '@electric-sql/pglite';
import { parseDatabaseConfig } from '@/lib/config';
import { withAuditActor } from './audit-actor';
import { openEmbeddedDatabase } from './embedded';
import { createSupabaseClients, type SupabaseClients } from './supabase';

/** How one store is made on either backend. */
export type StoreMakers<Store> = {
  supabase: (clients: SupabaseClients) => Store;
  embedded: (database: () => Promise<PGlite>) => Store;
};

type Backend = { kind: 'supabase'; clients: SupabaseClients } | { kind: 'embedded'; database: () => Promise<PGlite> };
type MadeStores = { backend: Backend; stores: Map<string, unknown> };

function backendOfThisServer(): Backend {
  const config = parseDatabaseConfig(process.env);
  if (config.kind === 'supabase') return { kind: 'supabase', clients: createSupabaseClients(config) };
  return { kind: 'embedded', database: () => openEmbeddedDatabase(config.dataDir).then(withAuditActor) };
}

/**
 * The store `name` of this server: on Supabase when its settings are given, else on the embedded
 * database. Each domain asks for its own (catalogStore(), orderStore(), …), so no folder needs to
 * know every store. Made on first use, never at import, so `next build` opens no database.
 */
export function storeOf<Store>(name: string, make: StoreMakers<Store>): Store {
  const holder = globalThis as typeof globalThis & { __orxStores?: MadeStores };
  const made = (holder.__orxStores ??= { backend: backendOfThisServer(), stores: new Map() });
  if (!made.stores.has(name)) {
    made.stores.set(name, made.backend.kind === 'supabase' ? make.supabase(made.backend.clients) : make.embedded(made.backend.database));
  }
  return made.stores.get(name) as Store;
}
