import 'server-only';
import { parseDatabaseConfig } from '@/lib/config';
import { createSupabaseClients } from '@/lib/db/supabase';
import { createLocalPhotoStore } from './local-store';
import type { PhotoStore } from './store';
import { createSupabasePhotoStore } from './supabase-store';

export type PhotoBackend = { kind: 'supabase' | 'local'; store: PhotoStore };

/** The photo store beside the catalogue's database: Supabase Storage, or DATA_DIR/uploads. */
export function getPhotoBackend(): PhotoBackend {
  const holder = globalThis as typeof globalThis & { __orxPhotos?: PhotoBackend };
  return (holder.__orxPhotos ??= createPhotoBackend());
}

function createPhotoBackend(): PhotoBackend {
  const config = parseDatabaseConfig(process.env);
  if (config.kind === 'supabase') {
    return { kind: 'supabase', store: createSupabasePhotoStore(createSupabaseClients(config).writer) };
  }
  return { kind: 'local', store: createLocalPhotoStore(config.dataDir) };
}
