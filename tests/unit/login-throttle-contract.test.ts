import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedLoginThrottle } from '@/lib/auth/embedded-login-throttle';
import { LOGIN_LIMIT, throttleKey, type LoginThrottle } from '@/lib/auth/login-throttle';
import { createSupabaseLoginThrottle } from '@/lib/auth/supabase-login-throttle';
import { IN_MEMORY, openEmbeddedDatabase } from '@/lib/db/embedded';
import { createSupabaseClients } from '@/lib/db/supabase';
import { createPostgrestStandIn } from '../support/postgrest-stand-in';

/** One contract for the login throttle on both stores; the database behind each is a PGlite. */

type Target = { name: string; open: () => Promise<{ throttle: LoginThrottle; db: PGlite }> };

const keys = { anon: 'anon-test-key', serviceRole: 'service-role-test-key' };

const targets: Target[] = [
  {
    name: 'embedded PGlite throttle',
    open: async () => {
      const db = await openEmbeddedDatabase(IN_MEMORY);
      return { throttle: createEmbeddedLoginThrottle(async () => db), db };
    },
  },
  {
    name: 'Supabase throttle (REST answered by a local stand-in on PGlite)',
    open: async () => {
      const db = await openEmbeddedDatabase(IN_MEMORY);
      const { fetch } = createPostgrestStandIn(db, keys);
      const clients = createSupabaseClients(
        { url: 'http://supabase.stand-in.test', anonKey: keys.anon, serviceRoleKey: keys.serviceRole },
        fetch,
      );
      return { throttle: createSupabaseLoginThrottle(clients), db };
    },
  },
];

describe.each(targets)('$name', (target) => {
  let throttle: LoginThrottle;
  let db: PGlite;
  const newKey = () => throttleKey(randomUUID(), 'admin');
  const attempts = async (key: string, count: number) => {
    const results: boolean[] = [];
    for (let i = 0; i < count; i++) results.push((await throttle.attempt(key)).blocked);
    return results;
  };

  beforeAll(async () => {
    ({ throttle, db } = await target.open());
  });

  it('lets five attempts through and blocks the sixth and later ones', async () => {
    const key = newKey();
    expect(await attempts(key, LOGIN_LIMIT.failures + 2)).toEqual([false, false, false, false, false, true, true]);
  });

  it('keeps each key apart', async () => {
    const blocked = newKey();
    await attempts(blocked, LOGIN_LIMIT.failures + 1);
    expect((await throttle.attempt(newKey())).blocked).toBe(false);
  });

  it('starts again after a success clears the key', async () => {
    const key = newKey();
    await attempts(key, LOGIN_LIMIT.failures);
    await throttle.clear(key);
    expect(await attempts(key, LOGIN_LIMIT.failures + 1)).toEqual([false, false, false, false, false, true]);
  });

  it('starts again once the window has passed', async () => {
    const key = newKey();
    await attempts(key, LOGIN_LIMIT.failures + 1);
    await db.query(
      `update public.admin_login_attempts set window_started_at = now() - make_interval(secs => $2) where key = $1`,
      [key, LOGIN_LIMIT.windowSeconds + 1],
    );
    expect(await attempts(key, 2)).toEqual([false, false]);
  });

  it('counts attempts made at the same time exactly', async () => {
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 12 }, () => throttle.attempt(key)));
    expect(results.filter((result) => !result.blocked)).toHaveLength(LOGIN_LIMIT.failures);
  });

  it('clears an unknown key without error', async () => {
    await expect(throttle.clear(newKey())).resolves.toBeUndefined();
  });
});

describe('the attempts table', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await openEmbeddedDatabase(IN_MEMORY);
  });

  it('is closed to the anonymous and signed-in roles, table and functions alike', async () => {
    for (const role of ['anon', 'authenticated']) {
      for (const sql of [
        'select * from public.admin_login_attempts',
        `select * from public.admin_login_clear('${'0'.repeat(64)}')`,
        `select * from public.admin_login_attempt('${'0'.repeat(64)}', 5, 900)`,
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
      db.query(`insert into public.admin_login_attempts (key, attempts) values ('203.0.113.9 admin', 1)`),
    ).rejects.toThrow(/check constraint/);
    expect(throttleKey('203.0.113.9', ' Admin ')).toBe(throttleKey('203.0.113.9', 'admin'));
    expect(throttleKey('203.0.113.9', 'admin')).toMatch(/^[0-9a-f]{64}$/);
  });
});
