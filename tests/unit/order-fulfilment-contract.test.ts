import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MoveRequest } from '@/lib/orders/fulfilment-schema';
import type { Order, OrderInput } from '@/lib/orders/types';
import { expectNewestFirst } from '../support/order-pages';
import { orderFixture } from '../support/purchase-fixtures';
import { createContractWatch, intentInput, placedIntent, settledFinal } from '../support/intents';
import { base58, runOnEveryStore, type Stores, type Target } from '../support/store-targets';

/**
 * The operator's moves and the admin list's queries, on every store. Each test finds only the
 * orders it made (by a name unique to this run), so the suite can run on a shared database.
 */

function fulfilmentContract(target: Target) {
  const run = randomUUID().slice(0, 8);
  let stores: Stores;
  let watch: { id: string; brand: string; model: string; price_sol: number };

  beforeAll(async () => {
    stores = await target.open();
    watch = await createContractWatch(stores.catalog, `Fulfilment ${run}`, 'fulfilment');
  });

  afterAll(async () => {
    await stores?.catalog.remove(watch.id);
  });

  const simulated = async (overrides: Partial<OrderInput> = {}) =>
    (await stores.orders.place(orderFixture(watch, { name: `Buyer ${run}`, ...overrides }))).order;

  const intent = (name = `Buyer ${run}`) => placedIntent(stores.orders, intentInput(watch, { name }));

  const paid = async (name?: string) => {
    const order = await intent(name);
    return (await settledFinal(stores.orders, order.id, { status: 'paid', txHash: base58(88), wallet: base58(44), paidAt: new Date() }))!;
  };

  const ship = (order: Order, trackingReference = 'DHL 1234567890'): MoveRequest => ({
    from: order.status,
    to: 'shipped',
    trackingReference,
  });

  it('moves a paid order to shipped with its tracking reference, then delivered, and keeps both moves', async () => {
    const order = await paid();
    const shipped = await stores.orders.move(order.id, ship(order), 'operator');
    expect(shipped).toMatchObject({ status: 'shipped', trackingReference: 'DHL 1234567890' });
    const delivered = await stores.orders.move(order.id, { from: 'shipped', to: 'delivered' }, 'second-operator');
    expect(delivered).toMatchObject({ status: 'delivered', trackingReference: 'DHL 1234567890' });
    expect(await stores.orders.get(order.id)).toEqual(delivered);

    const history = await stores.orders.history(order.id);
    expect(history.map(({ actor, from, to, trackingReference, note }) => ({ actor, from, to, trackingReference, note }))).toEqual([
      { actor: 'operator', from: 'paid', to: 'shipped', trackingReference: 'DHL 1234567890', note: null },
      { actor: 'second-operator', from: 'shipped', to: 'delivered', trackingReference: null, note: null },
    ]);
    expect(Date.parse(history[1]!.at)).toBeGreaterThanOrEqual(Date.parse(history[0]!.at));
  });

  it('never refunds by a move, even asked in SQL: a refund is a transfer the chain shows (refunds-contract)', async () => {
    const order = await paid();
    const late = await intent();
    await stores.orders.settle(late.id, { status: 'expired', txHash: null, refundDue: false });
    await settledFinal(stores.orders, late.id, { status: 'expired', txHash: base58(88), refundDue: true });
    for (const target of [order, (await stores.orders.get(late.id))!]) {
      // Older versions' request: the schema no longer has it, so only a direct call could send it.
      const byHand = { from: target.status, to: 'refunded', note: 'Refunded by hand' } as unknown as MoveRequest;
      expect(await stores.orders.move(target.id, byHand, 'operator')).toBeNull();
      expect(await stores.orders.get(target.id)).toEqual(target);
      expect(await stores.orders.history(target.id)).toEqual([]);
    }
  });

  it('refuses moves the shop does not allow, and records nothing for them', async () => {
    const pending = await intent();
    const expiredIntent = await intent();
    const expired = (await stores.orders.settle(expiredIntent.id, { status: 'expired', txHash: null, refundDue: false }))!;
    const demo = await simulated();
    const order = await paid();
    const refused: [Order, MoveRequest][] = [
      [pending, ship(pending)],
      [order, { from: 'paid', to: 'delivered' }],
      [expired, { from: 'expired', to: 'paid' }],
      [demo, { from: 'simulated', to: 'delivered' }],
      // The operator saw it pending; it is paid now.
      [order, { ...ship(order), from: 'pending' }],
    ];
    for (const [target, move] of refused) {
      expect(await stores.orders.move(target.id, move, 'operator'), `${target.status} -> ${move.to}`).toBeNull();
      expect(await stores.orders.get(target.id)).toEqual(target);
      expect(await stores.orders.history(target.id)).toEqual([]);
    }
    expect(await stores.orders.move(randomUUID(), ship(order), 'operator')).toBeNull();
  });

  it('ships a simulated order (the demo shop)', async () => {
    const demo = await simulated();
    const shipped = await stores.orders.move(demo.id, ship(demo), 'operator');
    expect(shipped).toMatchObject({ status: 'shipped', reference: null });
  });

  it('lets exactly one of several racing moves win, with one history row', async () => {
    const order = await paid();
    const moves: MoveRequest[] = [
      ship(order, 'DHL 0000000001'),
      ship(order, 'DHL 0000000002'),
      ship(order, 'UPS 1Z999AA10123456784'),
      ship(order, 'UPS 1Z999AA10123456785'),
      ship(order, 'FEDEX 7489 1234 5678'),
    ];
    const results = await Promise.all(moves.map((move, index) => stores.orders.move(order.id, move, `operator-${index}`)));
    const winners = results.filter((result) => result !== null);
    expect(winners).toHaveLength(1);
    const history = await stores.orders.history(order.id);
    expect(history).toHaveLength(1);
    expect(history[0]!.to).toBe(winners[0]!.status);
    expect(await stores.orders.get(order.id)).toEqual(winners[0]);
  });

  it('finds orders by status, and by a piece of the name, e-mail or signature, in any case', async () => {
    const marker = `Needle${run}`;
    const byName = await simulated({ name: `Ms ${marker} Smith` });
    const byEmail = await simulated({ email: `${marker.toLowerCase()}@example.com` });
    const byPaid = await paid(`Mr ${marker} Paid`);
    const other = await simulated();

    const found = (status: Order['status'] | null, text: string | null) =>
      stores.orders.search({ status, text, limit: 100, offset: 0 });
    const ids = async (status: Order['status'] | null, text: string | null) => (await found(status, text)).map((order) => order.id);

    expectNewestFirst(await found(null, marker.toUpperCase()), [byPaid, byEmail, byName]);
    expect(await ids('paid', marker)).toEqual([byPaid.id]);
    expectNewestFirst(await found('simulated', marker.toLowerCase()), [byEmail, byName]);
    expect(await ids(null, other.txHash!.slice(10, 40))).toEqual([other.id]);
    expect(await ids(null, byPaid.txHash!)).toEqual([byPaid.id]);
    // Wildcards are plain characters.
    expect(await ids(null, `${marker}%`)).toEqual([]);
    expect(await ids(null, `Needle${run.slice(0, 4)}_`)).toEqual([]);
  });

  it('pages newest first, without gaps or repeats', async () => {
    const name = `Pager ${run}`;
    const placed: Order[] = [];
    for (let index = 0; index < 5; index++) placed.push(await simulated({ name }));
    const page = (offset: number) => stores.orders.search({ status: null, text: name, limit: 2, offset });
    const pages = [await page(0), await page(2), await page(4), await page(6)];
    expect(pages.map((rows) => rows.length)).toEqual([2, 2, 1, 0]);
    expectNewestFirst(pages.flat(), placed);
  });
}

runOnEveryStore(fulfilmentContract);
