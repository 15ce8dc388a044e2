import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { beforeAll, describe, expect, it } from 'vitest';
import { IN_MEMORY, openEmbeddedDatabase } from '@/lib/db/embedded';
import { createSupabaseClients } from '@/lib/db/supabase';
import { createEmbeddedThrottleStore } from '@/lib/throttle/embedded-store';
import { throttleKey, type ThrottleStore } from '@/lib/throttle/store';
import { createSupabaseThrottleStore } from '@/lib/throttle/supabase-store';
import { describeOnPostgresServer } from '../support/postgres-server';
import { createPostgrestStandIn, type StandInDatabase } from '../support/postgrest-stand-in';

/**
 * One contract for the throttle on both stores, on PGlite, and for the Supabase store on a real
 * PostgreSQL server too, where hits made at the same time really contest the key's row.
 */

type Opened = { store: ThrottleStore; db: Pick<StandInDatabase, 'query'> };
type Target = { name: string; open: () => Promise<Opened> };

const keys = { anon: 'anon-test-key', serviceRole: 'service-role-test-key' };

function supabaseThrottleOn(db: StandInDatabase): Opened {
  const { fetch } = createPostgrestStandIn(db, keys);
  const clients = createSupabaseClients(
    { url: 'http://supabase.stand-in.test', anonKey: keys.anon, serviceRoleKey: keys.serviceRole },
    fetch,
  );
  return { store: createSupabaseThrottleStore(clients), db };
}

const targets: Target[] = [
  {
    name: 'embedded PGlite throttle',
    open: async () => {
      const db = await openEmbeddedDatabase(IN_MEMORY);
      return { store: createEmbeddedThrottleStore(async () => db), db };
    },
  },
  {
    name: 'Supabase throttle (REST answered by a local stand-in on PGlite)',
    open: async () => supabaseThrottleOn(await openEmbeddedDatabase(IN_MEMORY)),
  },
];

const policy = { windowSeconds: 600, baseDelaySeconds: 10, maxDelaySeconds: 60 };
const T0 = new Date('2026-11-23T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

function contract(target: Target) {
  let store: ThrottleStore;
  let db: Opened['db'];
  const newKey = () => throttleKey('test', randomUUID());
  const takes = async (key: string, limit: number, count: number, now = T0) => {
    const verdicts = [];
    for (let i = 0; i < count; i++) verdicts.push(await store.take([{ key, limit }], policy, now));
    return verdicts;
  };

  beforeAll(async () => {
    ({ store, db } = await target.open());
  });

  it('lets the limit through, then asks for the base delay', async () => {
    expect(await takes(newKey(), 3, 5)).toEqual([
      { blocked: false },
      { blocked: false },
      { blocked: false },
      { blocked: true, retryAfterSeconds: 10 },
      { blocked: true, retryAfterSeconds: 10 },
    ]);
  });

  it('does not count refused hits, doubles the delay after each hit let through, up to the maximum', async () => {
    const key = newKey();
    await takes(key, 1, 20);
    const delays: number[] = [];
    let now = 0;
    for (let step = 0; step < 5; step++) {
      const refused = await store.take([{ key, limit: 1 }], policy, at(now));
      if (!refused.blocked) throw new Error('expected a delay');
      delays.push(refused.retryAfterSeconds);
      now += refused.retryAfterSeconds;
      expect(await store.take([{ key, limit: 1 }], policy, at(now))).toEqual({ blocked: false });
    }
    expect(delays).toEqual([10, 20, 40, 60, 60]);
  });

  it('takes a hit on every bucket or on none', async () => {
    const free = newKey();
    const full = newKey();
    await takes(full, 1, 1);
    expect(await store.take([{ key: free, limit: 2 }, { key: full, limit: 1 }], policy, T0)).toEqual({
      blocked: true,
      retryAfterSeconds: 10,
    });
    // The refused request did not count against the free bucket: two hits are still left.
    expect(await takes(free, 2, 3)).toEqual([{ blocked: false }, { blocked: false }, { blocked: true, retryAfterSeconds: 10 }]);
  });

  it('keeps each key apart', async () => {
    await takes(newKey(), 1, 3);
    expect(await takes(newKey(), 1, 1)).toEqual([{ blocked: false }]);
  });

  it('starts again once the window and the delay have passed', async () => {
    const key = newKey();
    await takes(key, 2, 2);
    expect(await takes(key, 2, 2, at(policy.windowSeconds))).toEqual([{ blocked: false }, { blocked: false }]);
  });

  it('starts again after the keys are cleared', async () => {
    const key = newKey();
    await takes(key, 2, 3);
    await store.clear([key]);
    expect(await takes(key, 2, 2)).toEqual([{ blocked: false }, { blocked: false }]);
    await expect(store.clear([newKey()])).resolves.toBeUndefined();
  });

  it('takes one hit back per bucket, never below none, and lifts the delay of a key back under its limit', async () => {
    const [key, other] = [newKey(), newKey()];
    await takes(key, 2, 2);
    await takes(other, 5, 1);
    // At its limit the key waits; a hit given back makes room for one more, and only one.
    expect(await store.take([{ key, limit: 2 }], policy, T0)).toEqual({ blocked: true, retryAfterSeconds: policy.baseDelaySeconds });
    await store.giveBack([{ key, limit: 2 }, { key: other, limit: 5 }, { key: newKey(), limit: 5 }]);
    expect(await takes(key, 2, 2)).toEqual([{ blocked: false }, { blocked: true, retryAfterSeconds: policy.baseDelaySeconds }]);
    await store.giveBack([{ key: other, limit: 5 }]);
    expect(await takes(other, 5, 6)).toEqual([...Array.from({ length: 5 }, () => ({ blocked: false })), { blocked: true, retryAfterSeconds: policy.baseDelaySeconds }]);
    const { rows } = await db.query<{ count: number }>('select count(*)::int as count from public.request_throttle where key = any ($1)', [[key, other]]);
    expect(rows[0]!.count).toBe(2);
  });

  it('counts hits made at the same time exactly', async () => {
    const key = newKey();
    const verdicts = await Promise.all(Array.from({ length: 12 }, () => store.take([{ key, limit: 5 }], policy, T0)));
    expect(verdicts.filter((verdict) => !verdict.blocked)).toHaveLength(5);
  });

  it('removes the rows whose window and delay are over', async () => {
    const old = [newKey(), newKey(), newKey()];
    for (const key of old) await store.take([{ key, limit: 1 }], policy, at(9 * policy.windowSeconds));
    const count = async () =>
      (await db.query<{ n: number }>('select count(*)::int as n from public.request_throttle where key = any($1)', [old])).rows[0]!.n;
    expect(await count()).toBe(3);
    // Still in their window: kept.
    await store.take([{ key: newKey(), limit: 1 }], policy, at(9 * policy.windowSeconds + 1));
    expect(await count()).toBe(3);
    await store.take([{ key: newKey(), limit: 1 }], policy, at(10 * policy.windowSeconds + policy.maxDelaySeconds));
    expect(await count()).toBe(0);
  });
}

describe.each(targets)('$name', contract);
describeOnPostgresServer('Supabase throttle (REST answered by a local stand-in on a PostgreSQL server)', supabaseThrottleOn, contract);

describe('the throttle table', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await openEmbeddedDatabase(IN_MEMORY);
  });

  it('is closed to the anonymous and signed-in roles, table and functions alike', async () => {
    const key = `'{${'0'.repeat(64)}}'`;
    for (const role of ['anon', 'authenticated']) {
      for (const sql of [
        'select * from public.request_throttle',
        `select * from public.throttle_clear(${key})`,
        `select * from public.throttle_take(${key}, '{5}', 900, 15, 900, now())`,
      ]) {
        await expect(
          db.transaction(async (tx) => {
            await tx.exec(`set local role ${role}`);
            await tx.query(sql);
          }),
        ).rejects.toThrow(/permission denied/);
      }
    }
  });

  it('holds hashed keys only', async () => {
    await expect(
      db.query(`insert into public.request_throttle (key, hits, window_started_at) values ('203.0.113.9 admin', 1, now())`),
    ).rejects.toThrow(/check constraint/);
    expect(throttleKey('login-client', '203.0.113.9')).toMatch(/^[0-9a-f]{64}$/);
  });
});
