import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClaimedEvent } from '@/lib/orders/events';
import type { Order } from '@/lib/orders/types';
import { createContractWatch, intentInput, placedIntent, settledFinal } from '../support/intents';
import { orderFixture } from '../support/purchase-fixtures';
import { base58, runOnEveryStore, type Stores, type Target } from '../support/store-targets';

/**
 * The order events outbox on every store: each change of an order writes its events (one per
 * channel) in the same statement, whichever SQL function made it; claims are leased, so two
 * instances never hold one event at once, and a lease left by a dead process lapses.
 */

function eventsContract(target: Target) {
  const run = randomUUID().slice(0, 8);
  let stores: Stores;
  let watch: { id: string; brand: string; model: string; price_sol: number };

  beforeAll(async () => {
    stores = await target.open();
    watch = await createContractWatch(stores.catalog, `Events ${run}`, 'order events');
  });

  afterAll(async () => {
    await stores?.catalog.remove(watch.id);
  });

  const intent = (expiresAt = new Date(Date.now() + 600_000)) => placedIntent(stores.orders, intentInput(watch, { expiresAt }));
  const pay = async (order: Order) =>
    (await settledFinal(stores.orders, order.id, { status: 'paid', txHash: base58(88), wallet: base58(44), paidAt: new Date() }))!;

  const kinds = async (order: Order) =>
    (await stores.events.forOrder(order.id)).map(({ type, channel, state }) => `${type} ${channel} ${state}`);

  it('writes each event once per channel, in the statement that changed the order', async () => {
    const order = await intent();
    expect(await kinds(order)).toEqual([]);
    const paid = await pay(order);
    expect(await kinds(order)).toEqual(['order.paid webhook pending', 'order.paid email pending']);
    await stores.orders.recordCertificate(order.id, base58(44));
    // Recorded again (a retry of the minting): no second event.
    await stores.orders.recordCertificate(order.id, (await stores.orders.get(order.id))!.certificateMint!);
    await stores.orders.move(order.id, { from: 'paid', to: 'shipped', trackingReference: 'DHL 1234567890' }, 'operator');
    await stores.orders.move(order.id, { from: 'shipped', to: 'delivered' }, 'operator');
    expect((await kinds(paid)).filter((kind) => kind.includes('webhook'))).toEqual([
      'order.paid webhook pending',
      'order.certified webhook pending',
      'order.shipped webhook pending',
      'order.delivered webhook pending',
    ]);
    expect(await kinds(paid)).toHaveLength(8);

    const simulated = (await stores.orders.place(orderFixture(watch))).order;
    expect(await kinds(simulated)).toEqual(['order.simulated webhook pending', 'order.simulated email pending']);

    const late = await intent(new Date(Date.now() - 1000));
    await settledFinal(stores.orders, late.id, { status: 'expired', txHash: base58(88), refundDue: true });
    const opened = await stores.refunds.open({ orderId: late.id, units: 10_000_000_000n, reason: 'Paid after expiry', reference: base58(44), actor: 'operator', ttlSeconds: 3600 });
    if (!('refund' in opened)) throw new Error(`The refund was refused: ${opened.refused}`);
    await stores.refunds.recordSent(opened.refund.id, base58(88), new Date());
    expect((await kinds(late)).filter((kind) => kind.includes('email'))).toEqual([
      'order.refund_due email pending',
      'order.refunded email pending',
    ]);
  });

  it('keeps the order as it was when the event happened', async () => {
    const order = await pay(await intent());
    await stores.orders.move(order.id, { from: 'paid', to: 'shipped', trackingReference: 'UPS 1Z999AA1' }, 'operator');
    const claimed = await claimAll(`snapshot-${run}`);
    const paidEvent = claimed.find((event) => event.orderId === order.id && event.type === 'order.paid')!;
    const shippedEvent = claimed.find((event) => event.orderId === order.id && event.type === 'order.shipped')!;
    expect(paidEvent.order).toMatchObject({ status: 'paid', trackingReference: null, lamports: '10000000000', name: 'Ada Lovelace' });
    expect(shippedEvent.order).toMatchObject({ status: 'shipped', trackingReference: 'UPS 1Z999AA1' });
  });

  /** Claims every due event of this store (leases of 0 s: they lapse at once, for the next test). */
  const claimAll = async (owner: string, seconds = 0) => {
    const claimed: ClaimedEvent[] = [];
    for (let batch = await stores.events.claim(owner, ['webhook', 'email'], 100, seconds); batch.length > 0; ) {
      claimed.push(...batch);
      batch = batch.length === 100 ? await stores.events.claim(owner, ['webhook', 'email'], 100, seconds) : [];
    }
    return claimed;
  };

  it('leases a claimed event: another instance gets nothing until the lease lapses, and the first can no longer finish it', async () => {
    const order = await pay(await intent());
    const first = (await claimAll(`a-${run}`, 60)).filter((event) => event.orderId === order.id);
    expect(first.map((event) => event.channel).sort()).toEqual(['email', 'webhook']);
    expect(first.every((event) => event.attempts >= 1)).toBe(true);
    expect((await claimAll(`b-${run}`, 60)).filter((event) => event.orderId === order.id)).toEqual([]);

    // The first instance stops for good without finishing (killed); an expired lease stands in for the lapse.
    const abandoned = (await claimAll(`c-${run}`)).filter((event) => event.orderId === order.id);
    expect(abandoned).toEqual([]);
    const webhook = first.find((event) => event.channel === 'webhook')!;
    expect(await stores.events.finish(webhook.id, `b-${run}`, { outcome: 'delivered', status: 200 }, null)).toBe(false);
    expect(await stores.events.finish(webhook.id, `a-${run}`, { outcome: 'delivered', status: 200 }, null)).toBe(true);
    expect(await stores.events.finish(webhook.id, `a-${run}`, { outcome: 'delivered', status: 200 }, null)).toBe(false);
    const stored = (await stores.events.forOrder(order.id)).find((event) => event.id === webhook.id)!;
    expect(stored).toMatchObject({ state: 'delivered', lastStatus: 200, lastError: null, attempts: 1 });
  });

  it('hands a lapsed lease to the next claim', async () => {
    const order = await pay(await intent());
    const lapsed = (await claimAll(`dead-${run}`, 0)).filter((event) => event.orderId === order.id);
    expect(lapsed).toHaveLength(2);
    const again = (await claimAll(`alive-${run}`, 60)).filter((event) => event.orderId === order.id);
    expect(again.map((event) => [event.id, event.attempts])).toEqual(
      expect.arrayContaining(lapsed.map((event) => [event.id, 2])),
    );
  });

  it('flags orders with a failed event and lets the operator resend it', async () => {
    const order = await pay(await intent());
    const [webhook] = (await claimAll(`fail-${run}`, 60)).filter((event) => event.orderId === order.id && event.channel === 'webhook');
    await stores.events.finish(webhook!.id, `fail-${run}`, { outcome: 'failed', status: 410, error: 'Gone' }, null);
    const other = await pay(await intent());
    expect(await stores.events.ordersWithFailures([order.id, other.id])).toEqual([order.id]);
    expect(await stores.events.ordersWithFailures([])).toEqual([]);

    expect(await stores.events.resend(other.id, webhook!.id)).toBeNull();
    const resent = await stores.events.resend(order.id, webhook!.id);
    expect(resent).toMatchObject({ id: webhook!.id, state: 'pending', attempts: 0, lastStatus: 410 });
    expect(await stores.events.ordersWithFailures([order.id])).toEqual([]);
    const claimed = (await claimAll(`resend-${run}`, 60)).find((event) => event.id === webhook!.id);
    expect(claimed).toMatchObject({ attempts: 1 });
  });

  it("records a message the shop's own rule kept back as not sent, with the reason, and never claims it again", async () => {
    const order = (await stores.orders.place(orderFixture(watch))).order;
    const [email] = (await claimAll(`rule-${run}`, 60)).filter((event) => event.orderId === order.id && event.channel === 'email');
    expect(await stores.events.finish(email!.id, `rule-${run}`, { outcome: 'skipped', status: null, error: 'Off by rule' }, null)).toBe(true);
    expect((await stores.events.forOrder(order.id)).find((event) => event.id === email!.id)).toMatchObject({ state: 'skipped', lastError: 'Off by rule' });
    expect(await stores.events.ordersWithFailures([order.id])).toEqual([]);
    expect((await claimAll(`again-${run}`, 60)).some((event) => event.id === email!.id)).toBe(false);
  });

  it('skips the due events of a switched-off channel', async () => {
    const order = (await stores.orders.place(orderFixture(watch))).order;
    expect(await stores.events.skip(['email'])).toBeGreaterThanOrEqual(1);
    expect(await kinds(order)).toEqual(['order.simulated webhook pending', 'order.simulated email skipped']);
  });
}

runOnEveryStore(eventsContract);
