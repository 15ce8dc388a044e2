import { beforeAll, describe, expect, it } from 'vitest';
import { IN_MEMORY, openEmbeddedDatabase } from '@/lib/db/embedded';
import { createSupabaseClients } from '@/lib/db/supabase';
import { createEmbeddedSignInNonceStore } from '@/lib/sign-in/embedded-store';
import type { SignInNonceStore } from '@/lib/sign-in/store';
import { createSupabaseSignInNonceStore } from '@/lib/sign-in/supabase-store';
import { describeOnPostgresServer } from '../support/postgres-server';
import { createPostgrestStandIn, type StandInDatabase } from '../support/postgrest-stand-in';

/**
 * One contract for the sign-in nonces on both stores, on PGlite, and for the Supabase store on a
 * real PostgreSQL server too, where concurrent uses of one nonce really contest its row.
 */

const keys = { anon: 'anon-test-key', serviceRole: 'service-role-test-key' };

type Target = { name: string; open: () => Promise<SignInNonceStore> };

function supabaseNoncesOn(db: StandInDatabase): SignInNonceStore {
  const { fetch } = createPostgrestStandIn(db, keys);
  const clients = createSupabaseClients({ url: 'http://supabase.stand-in.test', anonKey: keys.anon, serviceRoleKey: keys.serviceRole }, fetch);
  return createSupabaseSignInNonceStore(clients);
}

const targets: Target[] = [
  {
    name: 'embedded PGlite nonces',
    open: async () => {
      const db = await openEmbeddedDatabase(IN_MEMORY);
      return createEmbeddedSignInNonceStore(async () => db);
    },
  },
  {
    name: 'Supabase nonces (REST answered by a local stand-in on PGlite)',
    open: async () => supabaseNoncesOn(await openEmbeddedDatabase(IN_MEMORY)),
  },
];

const T0 = new Date('2026-11-24T12:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

function contract(target: Target) {
  let store: SignInNonceStore;
  beforeAll(async () => {
    store = await target.open();
  });

  it('uses a nonce once, before it expires', async () => {
    await store.issue('NonceOne12345', at(300), T0);
    expect(await store.consume('NonceOne12345', at(10))).toBe(true);
    expect(await store.consume('NonceOne12345', at(11))).toBe(false);
  });

  it('refuses an expired nonce and one never issued', async () => {
    await store.issue('NonceTwo12345', at(300), T0);
    expect(await store.consume('NonceTwo12345', at(300))).toBe(false);
    expect(await store.consume('NeverIssued99', T0)).toBe(false);
  });

  it('lets only one of several concurrent uses win', async () => {
    await store.issue('NonceRace1234', at(300), T0);
    const results = await Promise.all(Array.from({ length: 5 }, () => store.consume('NonceRace1234', at(1))));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('refuses to store a malformed nonce', async () => {
    await expect(store.issue("x'; drop table orders; --", at(300), T0)).rejects.toThrow();
  });
}

describe.each(targets)('$name', contract);
describeOnPostgresServer('Supabase nonces (REST answered by a local stand-in on a PostgreSQL server)', supabaseNoncesOn, contract);
