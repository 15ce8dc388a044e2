import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { WatchInput } from '@/lib/catalog/types';
import { actingAs, type AuditActor } from '@/lib/db/audit-actor';
import { isStepUpRefusal } from '@/lib/db/refusal';
import { watchInput } from '../support/catalog-watch';
import { runOnEveryStore, type Stores, type Target } from '../support/store-targets';

/**
 * Issue 47 (2), on every store: the price history is written by the database in the change's own
 * transaction and never rewritten; its "highest since" answers the rule; and the rule itself (a cut
 * under half the 7-day high, a price under the floor) is refused by the database to a member whose
 * factor is not recent, with the refusal each store passes on as the same step-up error.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function runContract(target: Target) {
  let stores: Stores;
  const member: AuditActor = { id: randomUUID(), name: 'Price Editor', address: '203.0.113.7' };
  const steppedUp: AuditActor = { ...member, steppedUp: true };

  beforeAll(async () => {
    stores = await target.open();
  });

  const database = () => {
    if (!stores.database) throw new Error('This test needs the database itself');
    return stores.database;
  };

  const input = (overrides: Partial<WatchInput> = {}) => watchInput('History', overrides);

  const historyOf = async (watchId: string) =>
    (
      await database().query<{ price_sol: string | number; price_eur: string | number }>(
        'select price_sol, price_eur from public.watch_prices where watch_id = $1 order by at, id',
        [watchId],
      )
    ).rows.map((row) => [Number(row.price_sol), Number(row.price_eur)]);

  const highSince = async (watchId: string, since: Date) => {
    const { rows } = await database().query<{ price_sol: string | number | null; price_eur: string | number | null }>(
      'select * from public.watch_price_high($1, $2)',
      [watchId, since],
    );
    return [rows[0]!.price_sol, rows[0]!.price_eur].map((price) => (price === null ? null : Number(price)));
  };

  const addHistory = (watchId: string, daysAgo: number, sol: number, eur: number) =>
    database().query('insert into public.watch_prices (watch_id, price_sol, price_eur, at) values ($1, $2, $3, $4)', [
      watchId, sol, eur, new Date(Date.now() - daysAgo * DAY_MS),
    ]);

  it('records every price a watch gets, on creation and on each change, and nothing for an edit that keeps them', async () => {
    const watch = await stores.catalog.create(input());
    await stores.catalog.update(watch.id, { ...input({ model: watch.model }), price_sol: 120 }, 1);
    await stores.catalog.update(watch.id, { ...input({ model: watch.model, description: 'Words only.' }), price_sol: 120 }, 1);
    await stores.catalog.toggleFeatured(watch.id);
    await stores.catalog.setAvailable(watch.id, false);
    await actingAs(member, () => stores.catalog.update(watch.id, { ...input({ model: watch.model }), price_sol: 120, price_eur: 15000, stock: 0 }, 0));
    expect(await historyOf(watch.id)).toEqual([[100, 14000], [120, 14000], [120, 15000]]);
    // As the watch page reads it (issue 50), through the store, oldest first, with each change's time.
    const shown = await stores.catalog.priceHistory(watch.id);
    expect(shown.map((point) => [point.price_sol, point.price_eur])).toEqual([[100, 14000], [120, 14000], [120, 15000]]);
    expect(shown.map((point) => point.at)).toEqual([...shown.map((point) => point.at)].sort());
    expect(await stores.catalog.priceHistory(randomUUID())).toEqual([]);
    expect(await stores.catalog.priceHistory('not-an-id')).toEqual([]);
  });

  it('writes no history for a change the database refused', async () => {
    const watch = await stores.catalog.create(input());
    await expect(database().query('update public.watches set price_sol = -1 where id = $1', [watch.id])).rejects.toThrow();
    await expect(actingAs(member, () => stores.catalog.update(watch.id, { ...input({ model: watch.model }), price_sol: 10 }, 1))).rejects.toThrow();
    expect(await historyOf(watch.id)).toEqual([[100, 14000]]);
  });

  it('refuses to change or remove a row, to the application and to the table\'s owner, and lets the application write none', async () => {
    const watch = await stores.catalog.create(input());
    const asApplication = (sql: string, params: unknown[] = []) =>
      database().transaction(async (tx) => {
        await tx.query('set local role service_role');
        return tx.query(sql, params);
      });
    for (const sql of ['update public.watch_prices set price_sol = 1', 'delete from public.watch_prices', 'truncate public.watch_prices']) {
      await expect(asApplication(sql), sql).rejects.toThrow(/permission denied|append-only/);
      await expect(database().query(sql), sql).rejects.toThrow(/append-only/);
    }
    await expect(asApplication('insert into public.watch_prices (watch_id, price_sol, price_eur) values ($1, 1, 1)', [watch.id])).rejects.toThrow(
      /permission denied/,
    );
    // A watch removed keeps its history.
    await stores.catalog.remove(watch.id);
    expect(await historyOf(watch.id)).toEqual([[100, 14000]]);
  });

  it('answers the highest price since a time: the prices set since, and the one in force then', async () => {
    const watch = await stores.catalog.create(input());
    await addHistory(watch.id, 20, 900, 1000);
    await addHistory(watch.id, 10, 300, 90000);
    await addHistory(watch.id, 3, 50, 2000);
    const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
    expect(await highSince(watch.id, daysAgo(7))).toEqual([300, 90000]);
    expect(await highSince(watch.id, daysAgo(2))).toEqual([100, 14000]);
    expect(await highSince(watch.id, daysAgo(30))).toEqual([900, 90000]);
    expect(await highSince(watch.id, new Date(Date.now() + DAY_MS))).toEqual([100, 14000]);
    expect(await highSince(randomUUID(), daysAgo(7))).toEqual([null, null]);
  });

  it('refuses a member a cut under half the 7-day high, each currency on its own, in small steps too', async () => {
    const watch = await stores.catalog.create(input());
    const setPrices = (actor: AuditActor, price_sol: number, price_eur: number) =>
      actingAs(actor, () => stores.catalog.update(watch.id, { ...input({ model: watch.model }), price_sol, price_eur }, 1));
    await setPrices(member, 51, 7140);
    const refused = await setPrices(member, 26, 7140).catch((error: unknown) => error);
    expect(isStepUpRefusal(refused)).toBe(true);
    expect(isStepUpRefusal(await setPrices(member, 51, 3641).catch((error: unknown) => error))).toBe(true);
    expect(await historyOf(watch.id)).toEqual([[100, 14000], [51, 7140]]);
    await setPrices(steppedUp, 26, 3641);
    // Back up, and a write outside an admin request (the seed, the generator), need nothing.
    await setPrices(member, 100, 14000);
    await stores.catalog.update(watch.id, { ...input({ model: watch.model }), price_sol: 1, price_eur: 1 }, 1);
    expect((await stores.catalog.get(watch.id))?.price_sol).toBe(1);
  });

  it('measures a cut against a raise made at the same moment: never a price under half of one just committed', async () => {
    for (let round = 0; round < 8; round++) {
      const watch = await stores.catalog.create(input());
      const setSol = (price_sol: number) =>
        actingAs(member, () => stores.catalog.update(watch.id, { ...input({ model: watch.model }), price_sol }, 1)).then(
          () => 'saved',
          (error: unknown) => (isStepUpRefusal(error) ? 'step-up' : Promise.reject(error)),
        );
      const [raise, cut] = await Promise.all([setSol(200), setSol(60)]);
      const history = (await historyOf(watch.id)).map(([sol]) => sol);
      expect(raise).toBe('saved');
      // The cut either came first (and the raise after it), or saw the raise and was refused.
      expect(cut === 'saved' ? history : [...history, 'refused']).toEqual(cut === 'saved' ? [100, 60, 200] : [100, 200, 'refused']);
    }
  });

  it("refuses a member a price under the owner's floor, reads and sets the floor, and records its change on the trail", async () => {
    expect(await stores.priceFloor.read()).toEqual({ price_sol: 2, price_eur: 500 });
    const created = await actingAs(member, () => stores.catalog.create(input({ price_sol: 1e-9 }))).catch((error: unknown) => error);
    expect(isStepUpRefusal(created)).toBe(true);
    expect((await stores.catalog.create(input({ price_sol: 1e-9 }))).price_sol).toBe(1e-9);

    expect(await actingAs(steppedUp, () => stores.priceFloor.set({ price_sol: 7.5, price_eur: 1000 }))).toEqual({ price_sol: 7.5, price_eur: 1000 });
    expect(isStepUpRefusal(await actingAs(member, () => stores.catalog.create(input({ price_sol: 7.4 }))).catch((error: unknown) => error))).toBe(true);
    const [line] = await stores.audit.page({ kind: 'price_floor', limit: 1 });
    expect(line).toMatchObject({ kind: 'price_floor.update', subject: 'settings:shop', actorId: member.id, before: { price_sol: 2, price_eur: 500 }, after: { price_sol: 7.5, price_eur: 1000 } });
    await expect(database().query('update public.price_floor set price_eur = -1')).rejects.toThrow();
    await stores.priceFloor.set({ price_sol: 2, price_eur: 500 });
  });
}

runOnEveryStore(runContract);
