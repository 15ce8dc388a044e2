import 'server-only';
import { storeOf } from '@/lib/db/stores';
import { createEmbeddedCatalogStore } from './embedded-store';
import type { CatalogStore } from './store';
import { createSupabaseCatalogStore } from './supabase-store';

/** This server's store of the catalogue. */
export const catalogStore = (): CatalogStore => storeOf('catalog', { supabase: createSupabaseCatalogStore, embedded: createEmbeddedCatalogStore });
