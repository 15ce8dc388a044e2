import 'server-only';
import { z } from '@/lib/zod';

/**
 * The revalidation times of the cache tags, shared by every server instance through the database
 * (supabase/migrations/20261124120000_cache_tags.sql), or kept by the one process of an embedded
 * database (memory-store.ts). Every time is in milliseconds since the epoch by the store's clock.
 */
export type TagTimes = {
  /** Entries made before this are stale. */
  revalidatedMs: number;
  /** Entries made before this are gone. */
  expiredMs: number | null;
  /** From this time on, entries made before revalidatedMs are gone too. */
  expiryDueMs: number | null;
};

/** The times a revalidation at `atMs` records: gone at once with `expireSeconds` 0, else stale now and gone that much later. */
export function timesOfRevalidation(atMs: number, expireSeconds: number): TagTimes {
  return {
    revalidatedMs: atMs,
    expiredMs: expireSeconds === 0 ? atMs : null,
    expiryDueMs: expireSeconds > 0 ? atMs + expireSeconds * 1000 : null,
  };
}

/** A tag's times after `given` joins what was `known`: each only moves forward, as the SQL function's `greatest` does. */
export function laterTimes(known: TagTimes | undefined, given: TagTimes): TagTimes {
  return {
    revalidatedMs: Math.max(known?.revalidatedMs ?? -Infinity, given.revalidatedMs),
    expiredMs: latest(known?.expiredMs ?? null, given.expiredMs),
    expiryDueMs: latest(known?.expiryDueMs ?? null, given.expiryDueMs),
  };
}

function latest(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

/** The whole table as the database saw it at `databaseNowMs`. */
export type TagSnapshot = { databaseNowMs: number; tags: Map<string, TagTimes> };

export interface CacheTagStore {
  read(): Promise<TagSnapshot>;
  /**
   * Records a revalidation of `tags` now: gone at once with `expireSeconds` 0, else stale now and
   * gone that many seconds later. Answers the table after it.
   */
  revalidate(tags: string[], expireSeconds: number): Promise<TagSnapshot>;
}

const rowSchema = z.object({
  database_now_ms: z.number(),
  tags: z.array(
    z.object({
      tag: z.string(),
      revalidated_ms: z.number(),
      expired_ms: z.number().nullable(),
      expiry_due_ms: z.number().nullable(),
    }),
  ),
});

/** The SQL functions' one row, the same through PGlite and PostgREST. */
export function snapshotOf(rows: unknown): TagSnapshot {
  const row = rowSchema.parse(Array.isArray(rows) ? rows[0] : undefined);
  return {
    databaseNowMs: row.database_now_ms,
    tags: new Map(
      row.tags.map((times) => [
        times.tag,
        { revalidatedMs: times.revalidated_ms, expiredMs: times.expired_ms, expiryDueMs: times.expiry_due_ms },
      ]),
    ),
  };
}
