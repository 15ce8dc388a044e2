import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, expect, it } from 'vitest';
import type { Watch } from '@/lib/catalog/types';
import type { Order } from '@/lib/orders/types';
import { waitAtMost } from '@/lib/wait-at-most';
import { anyClient, createContractWatch, intentInput, placedIntent, ROOMY_RULES, settledFinal } from '../support/intents';
import { describeOnPostgresServer, type PostgresDatabase } from '../support/postgres-server';
import { base58, supabaseStoresOn, type Stores } from '../support/store-targets';

/**
 * What PGlite, running one query at a time, cannot show: on a real PostgreSQL server, with the
 * Supabase stores' calls on connections of their own (the REST stand-in on a pool), buyers racing
 * for the last piece, and payments landing together, really queue on the watch's row lock; a
 * settlement worker's claim passes over the orders another worker has locked instead of waiting
 * for them; instances claiming events at once never share one. Where a race needs its contenders
 * to meet, another session holds the row lock until the test has seen them all waiting on it.
 */

const BUYERS = 60;
const WAIT_MS = 15_000;

/** Takes `lockSql`'s row locks in a transaction of another session, held until `release` is called. */
async function holdLocks(db: PostgresDatabase, lockSql: string, params: unknown[]) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let taken!: () => void;
  const locked = new Promise<void>((resolve) => {
    taken = resolve;
  });
  const holding = db.transaction(async (tx) => {
    await tx.query(lockSql, params);
    taken();
    await released;
  });
  await Promise.race([locked, holding]);
  return {
    release: async () => {
      release();
      await holding;
    },
  };
}

/**
 * Waits until `count` sessions of this database wait on a lock (or WAIT_MS passed); the number
 * last seen waiting.
 */
async function untilWaiting(db: PostgresDatabase, count: number): Promise<number> {
  let waiting = 0;
  for (const started = Date.now(); Date.now() - started < WAIT_MS; await sleep(20)) {
    const { rows } = await db.query<{ waiting: number }>(
      "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    waiting = rows[0]!.waiting;
    if (waiting >= count) break;
  }
  return waiting;
}

describeOnPostgresServer(
  'concurrency on a real PostgreSQL server',
  (db) => ({ db, stores: supabaseStoresOn(db) }),
  (target) => {
    let db: PostgresDatabase;
    let stores: Stores;

    beforeAll(async () => {
      ({ db, stores } = await target.open());
    });

    // Nothing to remove afterwards: the suite's database is dropped.
    const watchWith = (stock: number): Promise<Watch> =>
      createContractWatch(stores.catalog, `Race ${randomUUID().slice(0, 8)}`, 'concurrency', { stock });

    it(`gives the last piece to exactly one of ${BUYERS} buyers waiting together on its row lock; the ${BUYERS - 1} others are told it is held`, async () => {
      const watch = await watchWith(1);
      const gate = await holdLocks(db, 'select 1 from public.watches where id = $1 for update', [watch.id]);
      const racing = Promise.all(Array.from({ length: BUYERS }, () => stores.orders.createIntent(intentInput(watch))));

      const waiting = await untilWaiting(db, BUYERS);
      await gate.release();
      const outcomes = await racing;
      expect(waiting, 'every buyer was waiting on the row lock when it was let go').toBe(BUYERS);

      const placed = outcomes.flatMap((outcome) => ('placed' in outcome ? [outcome.placed] : []));
      expect(placed).toHaveLength(1);
      expect(outcomes.filter((outcome) => !('placed' in outcome))).toEqual(
        Array(BUYERS - 1).fill({ refused: 'held', heldUntil: placed[0]!.expiresAt }),
      );
      expect((await stores.orders.stockCounts([watch.id]))[watch.id]).toEqual({ held: 1, sold: 0 });
    });

    it('leaves one wallet one hold when it asks for 20 watches at the same moment, each in its own session', async () => {
      const wallet = base58(44);
      const watches = await Promise.all(Array.from({ length: 20 }, () => watchWith(2)));
      const gate = await holdLocks(db, "select pg_advisory_xact_lock(hashtextextended('orx hold ' || $1, 0))", [wallet]);
      const racing = Promise.all(watches.map((watch) => stores.orders.createIntent(intentInput(watch, { wallet }))));
      const waiting = await untilWaiting(db, watches.length);
      await gate.release();
      const outcomes = await racing;
      expect(waiting, 'every intent was waiting on the wallet when it was let go').toBe(watches.length);

      expect(outcomes.every((outcome) => 'placed' in outcome)).toBe(true);
      const { rows } = await db.query<{ status: string; count: number }>(
        'select status, count(*)::int as count from public.orders where wallet = $1 group by status order by status',
        [wallet],
      );
      expect(rows).toEqual([
        { status: 'failed', count: 19 },
        { status: 'pending', count: 1 },
      ]);
    });

    it('never lets 30 wallets of one address, asking at the same moment in sessions of their own, hold more than its bound', async () => {
      const client = anyClient();
      const rules = { ...ROOMY_RULES, perAddress: 5, perNetwork: 10 };
      const watch = await watchWith(100);
      const gate = await holdLocks(db, "select pg_advisory_xact_lock(hashtextextended('orx hold network ' || $1, 0))", [client.networkHash]);
      const racing = Promise.all(Array.from({ length: 30 }, () => stores.orders.createIntent(intentInput(watch, { client, rules }))));
      const waiting = await untilWaiting(db, 30);
      await gate.release();
      const outcomes = await racing;
      expect(waiting, 'every intent was waiting on the network when it was let go').toBe(30);

      expect(outcomes.filter((outcome) => 'placed' in outcome)).toHaveLength(5);
      expect(outcomes.filter((outcome) => 'refused' in outcome && outcome.refused === 'address_bound')).toHaveLength(25);
      const { rows } = await db.query<{ count: number }>(
        "select count(*)::int as count from public.orders where client_address_hash = $1 and status = 'pending'",
        [client.addressHash],
      );
      expect(rows[0]!.count).toBe(5);
    });

    it('claims the due orders another worker has not locked, at once, and the locked one once it is let go', async () => {
      const watch = await watchWith(3);
      const orders = await Promise.all(Array.from({ length: 3 }, () => placedIntent(stores.orders, intentInput(watch))));
      const ids = orders.map((order) => order.id);
      const mine = (claimed: { id: string }[]) =>
        claimed
          .map((order) => order.id)
          .filter((id) => ids.includes(id))
          .sort();

      const gate = await holdLocks(db, 'select 1 from public.orders where id = $1 for update', [ids[0]]);
      const claiming = stores.orders.claimDue('settle', 100, 60);
      const answered = await waitAtMost(claiming, WAIT_MS);
      await gate.release();
      expect(answered, 'the claim did not wait for the locked order').toBe(true);
      expect(mine(await claiming)).toEqual(ids.slice(1).sort());

      expect(mine(await stores.orders.claimDue('settle', 100, 60))).toEqual([ids[0]]);
      for (const id of ids) await stores.orders.releaseClaim(id, 0);
    });

    const pay = (order: Order) =>
      stores.orders.settle(order.id, { status: 'paid', txHash: base58(88), wallet: base58(44), paidAt: new Date() });

    it("sells the last piece once when a lapsed hold's payment and the live hold's payment land at the same moment", async () => {
      const watch = await watchWith(1);
      const lapsed = await placedIntent(stores.orders, intentInput(watch));
      await stores.orders.settle(lapsed.id, { status: 'expired', txHash: null, refundDue: false });
      const live = await placedIntent(stores.orders, intentInput(watch));

      const gate = await holdLocks(db, 'select 1 from public.watches where id = $1 for update', [watch.id]);
      const landing = Promise.all([pay(lapsed), pay(live)]);
      const waiting = await untilWaiting(db, 2);
      await gate.release();
      const [late, sold] = await landing;
      expect(waiting, 'both settlements were waiting on the row lock when it was let go').toBe(2);

      expect(sold).toMatchObject({ status: 'paid', refundDue: false });
      expect(late).toMatchObject({ status: 'expired', refundDue: true });
      expect(await stores.catalog.get(watch.id)).toMatchObject({ stock: 0, available: false });
    });

    it('hands each due event to exactly one of four instances claiming at once', async () => {
      const watch = await watchWith(6);
      const orders: Order[] = [];
      for (let index = 0; index < 6; index++) {
        const { id } = await placedIntent(stores.orders, intentInput(watch));
        // order.paid is written once the payment is final.
        orders.push((await settledFinal(stores.orders, id, { status: 'paid', txHash: base58(88), wallet: base58(44), paidAt: new Date() }))!);
      }
      const claimAll = async (owner: string) => {
        const claimed: string[] = [];
        for (let batch = await stores.events.claim(owner, ['webhook', 'email'], 3, 60); batch.length > 0;) {
          claimed.push(...batch.map((event) => event.id));
          batch = await stores.events.claim(owner, ['webhook', 'email'], 3, 60);
        }
        return claimed;
      };
      const claimed = (await Promise.all(['a', 'b', 'c', 'd'].map(claimAll))).flat();
      const events = (await Promise.all(orders.map((order) => stores.events.forOrder(order.id)))).flat();
      expect(events.length).toBeGreaterThanOrEqual(12);
      expect(claimed).toEqual(expect.arrayContaining(events.map((event) => event.id)));
      expect(new Set(claimed).size).toBe(claimed.length);
    });
  },
);
