import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, QueryOptions } from '@electric-sql/pglite';

/**
 * Who an admin request writes as, for the audit trail (supabase/migrations/…_staff_accounts.sql).
 * The database writes the trail itself, in triggers, in the same transaction as the change: a
 * route cannot forget it and a failed change leaves no line. It learns the actor from the request:
 * `orx.actor` set for the transaction on the embedded database, the `x-orx-actor` header of each
 * REST call on Supabase (PostgREST hands a request's headers to SQL). Carried through the request
 * by AsyncLocalStorage, so no store needs an actor parameter; outside `actingAs` nothing is sent
 * and the database writes no line (a buyer's order, the worker's settlement).
 */
export type AuditActor = {
  id: string | null;
  name: string;
  address: string | null;
  /**
   * The member gave their second factor within the step-up time: the database then lets them set
   * a price it would otherwise refuse (a deep cut, a price under the floor: …_price_history.sql).
   */
  steppedUp?: boolean;
};

export const ACTOR_HEADER = 'x-orx-actor';

// On globalThis: Next's server may evaluate this module twice, and both copies must share it.
const holder = globalThis as typeof globalThis & { __orxAuditActor?: AsyncLocalStorage<string> };
const current = (holder.__orxAuditActor ??= new AsyncLocalStorage<string>());

/** Runs `work` with every database write it makes recorded as `actor`'s. */
export function actingAs<T>(actor: AuditActor, work: () => Promise<T>): Promise<T> {
  // Base64: a header carries ASCII only, and a name may not be.
  return current.run(Buffer.from(JSON.stringify(actor)).toString('base64'), work);
}

/** The actor of this request as the database reads it, or undefined outside `actingAs`. */
export function encodedActor(): string | undefined {
  return current.getStore();
}

/**
 * The embedded database, with each query made inside `actingAs` run in a transaction that first
 * tells the database who is writing. The stores reach PGlite through `query` only.
 */
export function withAuditActor(db: PGlite): PGlite {
  let wrapped = wrappers.get(db);
  if (!wrapped) wrappers.set(db, (wrapped = wrap(db)));
  return wrapped;
}

const wrappers = new WeakMap<PGlite, PGlite>();

function wrap(db: PGlite): PGlite {
  const query = (<T>(sql: string, params?: unknown[], options?: QueryOptions) => {
    const actor = encodedActor();
    if (actor === undefined) return db.query<T>(sql, params, options);
    return db.transaction(async (tx) => {
      await tx.query("select set_config('orx.actor', $1, true)", [actor]);
      return tx.query<T>(sql, params, options);
    });
  }) as PGlite['query'];
  return new Proxy(db, {
    get: (target, key) => {
      if (key === 'query') return query;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
