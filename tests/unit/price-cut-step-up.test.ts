import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Watch } from '@/lib/catalog/types';
import { adminCall } from '../support/admin-call';
import { watchInput } from '../support/catalog-watch';
import { prepareEmbeddedAdminEnvironment } from '../support/embedded-admin-env';

/**
 * Issue 47 (2): the price-cut step-up, attacked the way the audit did, through the route handlers
 * on a fresh embedded database. A member whose second factor is older than the step-up time cuts a
 * watch in steps of 49 %, creates one at 1e-9 SOL, and the owner's floor is changed, all as a
 * stolen session would try it.
 */

const dataDir = await prepareEmbeddedAdminEnvironment('price-cut-step-up', 'the owner password');
const { closeEmbeddedDatabase, openEmbeddedDatabase } = await import('@/lib/db/embedded');
const { auditStore } = await import('@/lib/audit/server-store');
const { getStores } = await import('@/lib/shop/stores');
const { staffCookie } = await import('../support/staff-session');
const watchesRoute = await import('@/app/api/admin/watches/route');
const watchRoute = await import('@/app/api/admin/watches/[id]/route');
const floorRoute = await import('@/app/api/admin/price-floor/route');

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_FLOOR = { price_sol: 2, price_eur: 500 };

let fresh: string;
let stale: string;
let freshOwner: string;
let staleOwner: string;

beforeAll(async () => {
  // The factor given just now, and 6 minutes ago: past the default 5 minutes of step-up.
  const sixMinutesAgo = () => new Date(Date.now() - 6 * 60_000);
  fresh = await staffCookie('catalogue', { name: 'Fresh Editor' });
  stale = await staffCookie('catalogue', { name: 'Stolen Session', secondFactorAt: sixMinutesAgo() });
  freshOwner = await staffCookie('owner');
  staleOwner = await staffCookie('owner', { secondFactorAt: sixMinutesAgo() });
});

afterAll(async () => {
  await closeEmbeddedDatabase(path.resolve(dataDir));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const database = () => openEmbeddedDatabase(path.resolve(dataDir));

const input = (prices: { price_sol: number; price_eur: number }) => watchInput('Step Up', prices);

const refusalOf = async (response: Response) => (await response.json()) as { error: string; code?: string };

async function create(cookie: string, prices: { price_sol: number; price_eur: number }): Promise<Watch> {
  const response = await adminCall(watchesRoute.POST, { cookie, method: 'POST', body: input(prices) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { watch: Watch }).watch;
}

const edit = (cookie: string, watch: Watch, prices: Partial<Pick<Watch, 'price_sol' | 'price_eur'>>) =>
  adminCall(watchRoute.PUT, { cookie, method: 'PUT', params: { id: watch.id }, body: { ...watch, ...prices, expected_stock: watch.stock } });

const priceNow = async (watch: Watch) => {
  const stored = await getStores().catalog.get(watch.id);
  return { price_sol: stored!.price_sol, price_eur: stored!.price_eur };
};

async function expectStepUp(response: Response) {
  expect(response.status).toBe(403);
  expect(await refusalOf(response)).toEqual({ error: 'Confirm it is you: use your second factor again.', code: 'STEP_UP_REQUIRED' });
}

describe('a cut is measured against the highest price of the last 7 days', () => {
  it('stops the second of four 49 % cuts, the one that goes under half the high, and changes nothing', async () => {
    const watch = await create(fresh, { price_sol: 232.14, price_eur: 32500 });
    const first = await edit(stale, watch, { price_sol: 118.39 });
    expect(first.status).toBe(200);
    // 60.38 is 49 % off 118.39, and under half of 232.14.
    await expectStepUp(await edit(stale, watch, { price_sol: 60.38 }));
    expect(await priceNow(watch)).toEqual({ price_sol: 118.39, price_eur: 32500 });
    // The same in EUR, on its own: 16,575 is 49 % off, 8,453 under half of 32,500.
    expect((await edit(stale, watch, { price_sol: 118.39, price_eur: 16575 })).status).toBe(200);
    await expectStepUp(await edit(stale, watch, { price_sol: 118.39, price_eur: 8453 }));
    expect(await priceNow(watch)).toEqual({ price_sol: 118.39, price_eur: 16575 });
    // Nor does the trail show a change that was refused.
    const lines = await auditStore().page({ subject: `watch:${watch.id}`, limit: 50 });
    expect(lines.map((line) => line.after?.price_sol ?? line.after?.price_eur)).toEqual([16575, 118.39, 232.14]);
    // The same cut, with the second factor given just now: saved.
    expect((await edit(fresh, watch, { price_sol: 60.38, price_eur: 8453 })).status).toBe(200);
    expect(await priceNow(watch)).toEqual({ price_sol: 60.38, price_eur: 8453 });
  });

  it('lets the cut through with the second factor given just now, and the price back up with none', async () => {
    const watch = await create(fresh, { price_sol: 232.14, price_eur: 32500 });
    expect((await edit(fresh, watch, { price_sol: 15.7, price_eur: 2200 })).status).toBe(200);
    expect(await priceNow(watch)).toEqual({ price_sol: 15.7, price_eur: 2200 });
    expect((await edit(stale, watch, { price_sol: 232.14, price_eur: 32500 })).status).toBe(200);
    expect(await priceNow(watch)).toEqual({ price_sol: 232.14, price_eur: 32500 });
  });

  it('lets an edit that keeps the prices through, and a cut to half the high exactly', async () => {
    const watch = await create(fresh, { price_sol: 100, price_eur: 14000 });
    expect((await edit(stale, watch, {})).status).toBe(200);
    expect((await edit(stale, watch, { price_sol: 50, price_eur: 7000 })).status).toBe(200);
  });

  it('forgets a high older than 7 days, and counts the price that was still in force 7 days ago', async () => {
    const db = await database();
    const watch = await create(fresh, { price_sol: 100, price_eur: 14000 });
    const history = async (rows: [number, number, number][]) => {
      for (const [daysAgo, sol, eur] of rows) {
        await db.query('insert into public.watch_prices (watch_id, price_sol, price_eur, at) values ($1, $2, $3, $4)', [
          watch.id, sol, eur, new Date(Date.now() - daysAgo * DAY_MS),
        ]);
      }
    };
    // 1,000 SOL nine days ago, 100 from eight days ago on: the last 7 days never saw 1,000.
    await history([[9, 1000, 140000], [8, 100, 14000]]);
    expect((await edit(stale, watch, { price_sol: 60, price_eur: 8400 })).status).toBe(200);

    const other = await create(fresh, { price_sol: 100, price_eur: 14000 });
    // 1,000 SOL from nine days ago until six days ago: in force during the last 7 days.
    await db.query('insert into public.watch_prices (watch_id, price_sol, price_eur, at) values ($1, 1000, 140000, $2), ($1, 100, 14000, $3)', [
      other.id, new Date(Date.now() - 9 * DAY_MS), new Date(Date.now() - 6 * DAY_MS),
    ]);
    await expectStepUp(await edit(stale, other, { price_sol: 60, price_eur: 14000 }));
  });
});

describe("the owner's floor", () => {
  it('stops a watch created at 1e-9 SOL, or under the floor in EUR, and creates nothing', async () => {
    const count = async () => (await (await database()).query<{ n: number }>("select count(*)::int as n from public.watches where brand = 'Step Up'")).rows[0]!.n;
    const before = await count();
    for (const prices of [{ price_sol: 1e-9, price_eur: 32500 }, { price_sol: 232.14, price_eur: 499.99 }]) {
      await expectStepUp(await adminCall(watchesRoute.POST, { cookie: stale, method: 'POST', body: input(prices) }));
    }
    expect(await count()).toBe(before);
    await create(fresh, { price_sol: 1e-9, price_eur: 32500 });
    await create(stale, DEFAULT_FLOOR);
  });

  it('stops a price set under the floor, and not an edit that leaves an under-floor price as it is', async () => {
    const watch = await create(fresh, { price_sol: 3, price_eur: 700 });
    await expectStepUp(await edit(stale, watch, { price_sol: 1.99 }));
    const cheap = await create(fresh, { price_sol: 1, price_eur: 700 });
    const renamed = await adminCall(watchRoute.PUT, {
      cookie: stale,
      method: 'PUT',
      params: { id: cheap.id },
      body: { ...cheap, model: 'Renamed', expected_stock: 1 },
    });
    expect(renamed.status).toBe(200);
  });

  it('is read and changed by the owner only with the factor given just now, and the change is on the trail', async () => {
    expect(await (await adminCall(floorRoute.GET, { cookie: staleOwner })).json()).toEqual({ floor: DEFAULT_FLOOR });
    expect((await adminCall(floorRoute.GET, { cookie: stale })).status).toBe(403);
    await expectStepUp(await adminCall(floorRoute.PUT, { cookie: staleOwner, method: 'PUT', body: { price_sol: 0, price_eur: 0 } }));
    expect(await (await adminCall(floorRoute.GET, { cookie: freshOwner })).json()).toEqual({ floor: DEFAULT_FLOOR });

    const changed = await adminCall(floorRoute.PUT, { cookie: freshOwner, method: 'PUT', body: { price_sol: 5, price_eur: 1000 } });
    expect(await changed.json()).toEqual({ floor: { price_sol: 5, price_eur: 1000 } });
    const [line] = await auditStore().page({ kind: 'price_floor', limit: 1 });
    expect(line).toMatchObject({ kind: 'price_floor.update', subject: 'settings:shop', before: DEFAULT_FLOOR, after: { price_sol: 5, price_eur: 1000 } });
    // The new floor applies at once.
    await expectStepUp(await adminCall(watchesRoute.POST, { cookie: stale, method: 'POST', body: input({ price_sol: 10, price_eur: 999 }) }));
    await adminCall(floorRoute.PUT, { cookie: freshOwner, method: 'PUT', body: DEFAULT_FLOOR });
  });

  it('takes any floor a price could be, refuses anything else with a 400, and never answers 5xx', async () => {
    const floorNow = async () => ((await (await adminCall(floorRoute.GET, { cookie: freshOwner })).json()) as { floor: unknown }).floor;
    const valid = fc.record({ price_sol: fc.double({ min: 0, max: 999_999_999, noNaN: true }), price_eur: fc.double({ min: 0, max: 999_999_999, noNaN: true }) });
    await fc.assert(
      fc.asyncProperty(valid, async (floor) => {
        const response = await adminCall(floorRoute.PUT, { cookie: freshOwner, method: 'PUT', body: floor });
        expect(response.status).toBe(200);
        const stored = ((await response.json()) as { floor: { price_sol: number; price_eur: number } }).floor;
        // Kept as the watches' prices are: SOL to 9 decimals, EUR to the cent.
        expect(Math.abs(stored.price_sol - floor.price_sol)).toBeLessThanOrEqual(5e-10 + floor.price_sol * 1e-15);
        expect(Math.abs(stored.price_eur - floor.price_eur)).toBeLessThanOrEqual(0.005 + floor.price_eur * 1e-15);
        expect(await floorNow()).toEqual(stored);
      }),
      { numRuns: 40 },
    );
    await adminCall(floorRoute.PUT, { cookie: freshOwner, method: 'PUT', body: DEFAULT_FLOOR });

    const badPrice = fc.oneof(
      fc.double({ max: -Number.MIN_VALUE, noNaN: true }),
      fc.double({ min: 1e9, noNaN: true }),
      fc.constantFrom(Number.NaN, '', 'ten', null, true, [], {}, '1e9', '-0.01', 'Infinity'),
    );
    const bad = fc.oneof(
      fc.record({ price_sol: badPrice, price_eur: fc.constant(500) }),
      fc.record({ price_sol: fc.constant(2), price_eur: badPrice }),
      fc.record({ price_sol: fc.constant(2) }),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(bad, async (body) => {
        const response = await adminCall(floorRoute.PUT, { cookie: freshOwner, method: 'PUT', body });
        expect(response.status).toBe(400);
        expect(await floorNow()).toEqual(DEFAULT_FLOOR);
      }),
      { numRuns: 60 },
    );
  });
});
