import 'server-only';
import type { PGlite } from '@electric-sql/pglite';
import { IN_MEMORY, openEmbeddedDatabase } from '@/lib/db/embedded';
import { unwrap, type SupabaseClients } from '@/lib/db/supabase';
import { generatedWatches, type GeneratedWatch, type WatchTemplate } from './generated-catalogue';
import { toWatch } from './schema';
import { WRITTEN_COLUMNS } from './written-columns';

/**
 * Writes a generated catalogue (lib/catalog/generated-catalogue.ts) into a database, a batch per
 * statement: the embedded database parses a batch's JSON into rows in SQL, Supabase takes it as one
 * insert (README: measuring).
 */

/** Watches per statement: a few megabytes of JSON, far fewer round trips than rows. */
export const FILL_BATCH = 2_000;

/** Where the watches go. */
export type CatalogueTarget = { insert(watches: GeneratedWatch[]): Promise<void> };

/** The demo's 40 watches as supabase/seed.sql has them (read from a database in memory), oldest first. */
export async function demoTemplates(): Promise<WatchTemplate[]> {
  const db = await openEmbeddedDatabase(IN_MEMORY);
  try {
    const { rows } = await db.query('select * from public.watches order by created_at, id');
    return rows.map(toWatch);
  } finally {
    await db.close();
  }
}

/**
 * The embedded database, a batch per statement (the search's words are recorded once for each,
 * by the statement trigger of …_catalogue_pages.sql).
 */
export function embeddedTarget(db: PGlite): CatalogueTarget {
  return {
    insert: async (watches) => {
      const columns = [...WRITTEN_COLUMNS, ['created_at', 'timestamptz']] as const;
      const names = columns.map(([column]) => column).join(', ');
      await db.query(
        `insert into public.watches (${names})
         select ${names}
         from jsonb_to_recordset($1::jsonb) as batch(${columns.map(([column, type]) => `${column} ${type}`).join(', ')})`,
        [JSON.stringify(watches)],
      );
    },
  };
}

export function supabaseTarget({ writer }: SupabaseClients): CatalogueTarget {
  return {
    insert: async (watches) => {
      unwrap(await writer.from('watches').insert(watches), 'add the generated watches');
    },
  };
}

/** Adds `size` generated watches to the target, batch by batch; `onBatch` hears how many are in. */
export async function fillCatalogue(
  target: CatalogueTarget,
  templates: readonly WatchTemplate[],
  size: number,
  onBatch: (written: number) => void = () => {},
): Promise<void> {
  for (let from = 0; from < size; from += FILL_BATCH) {
    const batch = generatedWatches(templates, size, from, from + FILL_BATCH);
    await target.insert(batch);
    onBatch(from + batch.length);
  }
}
