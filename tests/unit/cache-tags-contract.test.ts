import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMemoryCacheTagStore } from '@/lib/cache-tags/memory-store';
import { SharedTags } from '@/lib/cache-tags/shared-tags';
import type { CacheTagStore } from '@/lib/cache-tags/store';
import { createSupabaseCacheTagStore } from '@/lib/cache-tags/supabase-store';
import { IN_MEMORY, openEmbeddedDatabase } from '@/lib/db/embedded';
import { createSupabaseClients } from '@/lib/db/supabase';
import { createPostgrestStandIn } from '../support/postgrest-stand-in';

/**
 * The shared cache tags on both stores (the table's SQL functions through Supabase's REST API, and
 * the embedded database's process memory), and two instances' SharedTags on one store: what one
 * instance revalidates, the other judges by, whatever their clocks say.
 */

/** A store, and how many tags it holds. */
type Target = { name: string; open: () => Promise<{ store: CacheTagStore; rows: () => Promise<number> }> };

const keys = { anon: 'anon-test-key', serviceRole: 'service-role-test-key' };
const STAND_IN_URL = 'http://supabase.stand-in.test';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

const targets: Target[] = [
  {
    name: "the embedded database's cache tags, in its one process's memory",
    open: async () => {
      const store = createMemoryCacheTagStore();
      return { store, rows: async () => (await store.read()).tags.size };
    },
  },
  {
    name: 'Supabase cache tags (REST answered by a local stand-in on PGlite)',
    open: async () => {
      const db = await openEmbeddedDatabase(IN_MEMORY);
      const { fetch } = createPostgrestStandIn(db, keys);
      const clients = createSupabaseClients({ url: STAND_IN_URL, anonKey: keys.anon, serviceRoleKey: keys.serviceRole }, fetch);
      const rows = async () => (await db.query<{ n: number }>('select count(*)::int as n from public.cache_tags')).rows[0]!.n;
      return { store: createSupabaseCacheTagStore(clients), rows };
    },
  },
];

const silent = { warn: () => {}, info: () => {}, error: () => {} };

describe.each(targets)('$name', (target) => {
  let store: CacheTagStore;
  let count: () => Promise<number>;

  beforeAll(async () => {
    ({ store, rows: count } = await target.open());
  });

  it("answers the database's clock, and a revalidation at that clock, gone at once with expire 0", async () => {
    const before = await store.read();
    expect(Math.abs(before.databaseNowMs - Date.now())).toBeLessThan(5_000);
    const after = await store.revalidate(['contract-now'], 0);
    const times = after.tags.get('contract-now')!;
    expect(times.revalidatedMs).toBeGreaterThanOrEqual(before.databaseNowMs);
    expect(times.expiredMs).toBe(times.revalidatedMs);
    expect(times.expiryDueMs).toBeNull();
    // The answer's clock is past the revalidation it holds, even on a clock of whole milliseconds.
    expect(after.databaseNowMs).toBeGreaterThan(times.revalidatedMs);
    expect((await store.read()).tags.get('contract-now')).toEqual(times);
  });

  it("'max' makes entries stale now and gone a year later, and never undoes an earlier expiry", async () => {
    const first = (await store.revalidate(['contract-max'], 0)).tags.get('contract-max')!;
    const soft = (await store.revalidate(['contract-max'], YEAR_SECONDS)).tags.get('contract-max')!;
    expect(soft.revalidatedMs).toBeGreaterThan(first.revalidatedMs);
    expect(soft.expiredMs).toBe(first.expiredMs);
    expect(soft.expiryDueMs! - soft.revalidatedMs).toBeCloseTo(YEAR_SECONDS * 1000, -1);
  });

  it('refuses what is past its limits, writing nothing', async () => {
    const rows = await count();
    await expect(store.revalidate([], 0)).rejects.toThrow();
    await expect(store.revalidate(Array.from({ length: 65 }, (_, i) => `t${i}`), 0)).rejects.toThrow();
    await expect(store.revalidate(['x'.repeat(257)], 0)).rejects.toThrow();
    await expect(store.revalidate(['contract-limits'], -1)).rejects.toThrow();
    await expect(store.revalidate(['contract-limits'], 315360001)).rejects.toThrow();
    expect(await count()).toBe(rows);
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 256 }), async (tag) => {
        expect((await store.revalidate([tag], 0)).tags.get(tag)?.expiredMs).toEqual(expect.any(Number));
      }),
      { numRuns: 20 },
    );
  });

  it("judges on one instance what another revalidated, with either instance's clock an hour off", async () => {
    const hour = 60 * 60 * 1000;
    const writer = new SharedTags({ store: () => store, now: () => Date.now() + hour, log: silent });
    const reader = new SharedTags({ store: () => store, now: () => Date.now() - hour, minIntervalMs: 0, log: silent });
    await reader.refresh();
    const madeBefore = Date.now() - hour;
    const stampBefore = reader.stamp();
    await writer.revalidate(['skewed'], 0);
    // The reader has not read the table since: it still serves what it has.
    expect(reader.verdict(['skewed'], madeBefore)).toBe('current');
    await reader.refresh();
    expect(reader.verdict(['skewed'], madeBefore)).toBe('gone');
    expect(reader.verdictOfStamp(['skewed'], stampBefore)).toBe('gone');
    expect(reader.verdict(['other-tag'], madeBefore)).toBe('current');
    // Made after it by more than the clocks' resolution, which counts towards gone.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const madeAfter = Date.now() - hour;
    expect(reader.verdict(['skewed'], madeAfter)).toBe('current');
    expect(reader.verdictOfStamp(['skewed'], reader.stamp())).toBe('current');
    // And the writer judges its own entries in its own clock.
    expect(writer.verdict(['skewed'], Date.now() + hour - 5_000)).toBe('gone');
    expect(writer.verdict(['skewed'], Date.now() + hour + 50)).toBe('current');
  });
});

describe('the cache tags on Supabase', () => {
  it('are closed to the public key: neither read nor written', async () => {
    const db = await openEmbeddedDatabase(IN_MEMORY);
    const { fetch } = createPostgrestStandIn(db, keys);
    const { reader } = createSupabaseClients({ url: STAND_IN_URL, anonKey: keys.anon, serviceRoleKey: keys.serviceRole }, fetch);
    expect((await reader.rpc('cache_tags_state')).error).not.toBeNull();
    expect((await reader.rpc('cache_tags_revalidate', { p_tags: ['watches'], p_expire_seconds: 0 })).error).not.toBeNull();
    expect((await reader.from('cache_tags').select('*')).error).not.toBeNull();
    expect((await db.query('select * from public.cache_tags')).rows).toEqual([]);
  });
});
