import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { NewRefund } from '@/lib/refunds/store';
import type { Order } from '@/lib/orders/types';
import type { Refund } from '@/lib/orders/refund';
import { actingAs } from '@/lib/db/audit-actor';
import { contractSuite, intentInput, placedIntent, settledFinal } from '../support/intents';
import { orderFixture } from '../support/purchase-fixtures';
import { base58, runOnEveryStore, type Target } from '../support/store-targets';

/**
 * Issue 51: refunds in SQL, on every store. Each test makes its own orders (of a watch of its
 * own), so the suite runs on a shared database; on the PostgreSQL server the races contest real
 * row locks.
 */

const PAID = 10_000_000_000n;

function refundsContract(target: Target) {
  const run = randomUUID().slice(0, 8);
  const { opened, watchWith } = contractSuite(target, `Refunds ${run}`, 'refunds');
  let watch: Awaited<ReturnType<typeof watchWith>>;
  beforeAll(async () => {
    watch = await watchWith(1000);
  });
  const stores = () => opened.stores;

  const paid = async (overrides: Parameters<typeof intentInput>[1] = {}): Promise<Order> => {
    const order = await placedIntent(stores().orders, intentInput(watch, { name: `Buyer ${run}`, ...overrides }));
    return (await settledFinal(stores().orders, order.id, { status: 'paid', txHash: base58(88), wallet: base58(44), paidAt: new Date() }))!;
  };
  const ask = (order: Pick<Order, 'id'>, units: bigint, change: Partial<NewRefund> = {}): NewRefund => ({
    orderId: order.id,
    units,
    reason: 'Scratch on the bezel',
    reference: base58(44),
    actor: 'operator',
    ttlSeconds: 86_400,
    ...change,
  });
  const open = async (order: Pick<Order, 'id'>, units: bigint, change: Partial<NewRefund> = {}): Promise<Refund> => {
    const outcome = await stores().refunds.open(ask(order, units, change));
    if (!('refund' in outcome)) throw new Error(`Refused: ${outcome.refused}`);
    return outcome.refund;
  };

  it('opens a refund to the wallet that paid, in the currency it paid, and lists it with the order', async () => {
    const order = await paid();
    const refund = await open(order, 2_500_000_000n);
    expect(refund).toMatchObject({
      orderId: order.id,
      units: '2500000000',
      amount: '2.5',
      currency: 'SOL',
      mint: null,
      recipient: order.wallet,
      state: 'open',
      signature: null,
      reason: 'Scratch on the bezel',
      createdBy: 'operator',
    });
    expect(Date.parse(refund.expiresAt) - Date.parse(refund.createdAt)).toBeGreaterThan(86_399_000);
    expect(await stores().refunds.forOrders([order.id])).toEqual([refund]);
    expect(await stores().refunds.get(refund.id)).toEqual(refund);
    // Opening is not sending: the order is as it was.
    expect(await stores().orders.get(order.id)).toEqual(order);
  });

  it('refuses orders that hold no final real payment, and amounts past what is left', async () => {
    const pending = await placedIntent(stores().orders, intentInput(watch));
    const confirming = await placedIntent(stores().orders, intentInput(watch));
    await stores().orders.settle(confirming.id, { status: 'paid', txHash: base58(88), wallet: base58(44), paidAt: new Date() });
    const expired = await placedIntent(stores().orders, intentInput(watch));
    await stores().orders.settle(expired.id, { status: 'expired', txHash: null, refundDue: false });
    const demo = (await stores().orders.place(orderFixture(watch, { name: `Demo ${run}` }))).order;
    for (const order of [pending, confirming, expired, demo]) {
      expect(await stores().refunds.open(ask(order, 1n)), order.status).toEqual({ refused: 'not_refundable' });
      expect(await stores().refunds.forOrders([order.id])).toEqual([]);
    }
    expect(await stores().refunds.open(ask({ id: randomUUID() }, 1n))).toEqual({ refused: 'unknown' });

    const order = await paid();
    expect(await stores().refunds.open(ask(order, PAID + 1n))).toEqual({ refused: 'too_much', left: PAID.toString() });
    await open(order, 6_000_000_000n);
    expect(await stores().refunds.open(ask(order, 4_000_000_001n))).toEqual({ refused: 'too_much', left: '4000000000' });
    expect(await stores().refunds.forOrders([order.id])).toHaveLength(1);
  });

  it('lets one of two refunds for the last 60 % open, the other refused', async () => {
    const order = await paid();
    await open(order, 4_000_000_000n);
    const outcomes = await Promise.all([stores().refunds.open(ask(order, 6_000_000_000n)), stores().refunds.open(ask(order, 6_000_000_000n))]);
    expect(outcomes.filter((outcome) => 'refund' in outcome)).toHaveLength(1);
    expect(outcomes.filter((outcome) => 'refused' in outcome)).toEqual([{ refused: 'too_much', left: '0' }]);
    const open_ = (await stores().refunds.forOrders([order.id])).filter((refund) => refund.state === 'open');
    expect(open_.reduce((sum, refund) => sum + BigInt(refund.units), 0n)).toBe(PAID);
  });

  it('records a refund sent once: partially refunded, then refunded with all of it back, each with its event and history', async () => {
    const order = await paid();
    const first = await open(order, 4_000_000_000n);
    const second = await open(order, 6_000_000_000n);
    const firstSignature = base58(88);
    const sent = await stores().refunds.recordSent(first.id, firstSignature, new Date('2026-11-29T10:00:00Z'));
    expect(sent?.refund).toMatchObject({ state: 'sent', signature: firstSignature, sentAt: '2026-11-29T10:00:00.000Z' });
    expect(sent?.order).toMatchObject({ id: order.id, status: 'partially_refunded', refundDue: false });
    // The worker and the dialog's check at once: the second call changes nothing.
    expect((await stores().refunds.recordSent(first.id, base58(88), new Date()))?.refund).toMatchObject({ signature: firstSignature });

    const all = await stores().refunds.recordSent(second.id, base58(88), new Date());
    expect(all?.order).toMatchObject({ status: 'refunded' });
    expect((await stores().orders.history(order.id)).map(({ actor, from, to, note }) => [actor, from, to, note])).toEqual([
      ['operator', 'paid', 'partially_refunded', 'Scratch on the bezel'],
      ['operator', 'partially_refunded', 'refunded', 'Scratch on the bezel'],
    ]);
    const events = (await stores().events.forOrder(order.id)).filter((event) => event.type.includes('refunded'));
    expect(events.map(({ type, channel }) => `${type} ${channel}`)).toEqual([
      'order.partially_refunded webhook',
      'order.partially_refunded email',
      'order.refunded webhook',
      'order.refunded email',
    ]);
    // Nothing more can be opened on a refunded order.
    expect(await stores().refunds.open(ask(order, 1n))).toEqual({ refused: 'not_refundable' });
  });

  it('tells each part of an order refunded in parts, with the refund and its signature', async () => {
    const order = await paid();
    const signatures = [base58(88), base58(88)];
    for (const signature of signatures) await stores().refunds.recordSent((await open(order, 1_000_000_000n)).id, signature, new Date());
    const claimed = await stores().events.claim(`refunds-${run}`, ['webhook'], 100, 60);
    const mine = claimed.filter((event) => event.orderId === order.id && event.type === 'order.partially_refunded');
    expect(mine.map((event) => event.refund?.signature).sort()).toEqual([...signatures].sort());
    expect(mine[0]!.refund).toMatchObject({ amount: '1', currency: 'SOL', state: 'sent', recipient: order.wallet });
  });

  it('clears a late payment\'s refund due only with a sent refund of all it paid', async () => {
    const late = await placedIntent(stores().orders, intentInput(watch));
    await stores().orders.settle(late.id, { status: 'expired', txHash: null, refundDue: false });
    await settledFinal(stores().orders, late.id, { status: 'expired', txHash: base58(88), refundDue: true });
    const part = await open(late, 3_000_000_000n);
    expect((await stores().refunds.recordSent(part.id, base58(88), new Date()))?.order).toMatchObject({
      status: 'partially_refunded',
      refundDue: true,
    });
    // A late payment partly refunded was never a sale: it is not shipped, and not sold by hand.
    const now = (await stores().orders.get(late.id))!;
    expect(await stores().orders.move(late.id, { from: 'partially_refunded', to: 'shipped', trackingReference: 'DHL 1234567890' }, 'operator')).toBeNull();
    expect(await stores().orders.get(late.id)).toEqual(now);
    const rest = await open(late, 7_000_000_000n);
    expect((await stores().refunds.recordSent(rest.id, base58(88), new Date()))?.order).toMatchObject({ status: 'refunded', refundDue: false });
  });

  it('still ships and delivers a sale partly refunded, once each', async () => {
    const order = await paid();
    await stores().refunds.recordSent((await open(order, 1_000_000_000n)).id, base58(88), new Date());
    const shipped = await stores().orders.move(order.id, { from: 'partially_refunded', to: 'shipped', trackingReference: 'DHL 1234567890' }, 'operator');
    expect(shipped).toMatchObject({ status: 'shipped', trackingReference: 'DHL 1234567890' });
    await stores().refunds.recordSent((await open(order, 1_000_000_000n)).id, base58(88), new Date());
    expect(await stores().orders.move(order.id, { from: 'partially_refunded', to: 'shipped', trackingReference: 'DHL 0000000000' }, 'operator')).toBeNull();
    expect(await stores().orders.move(order.id, { from: 'partially_refunded', to: 'delivered' }, 'operator')).toMatchObject({ status: 'delivered' });
    await stores().refunds.recordSent((await open(order, 1_000_000_000n)).id, base58(88), new Date());
    expect(await stores().orders.move(order.id, { from: 'partially_refunded', to: 'delivered' }, 'operator')).toBeNull();
  });

  it('cancels only an open refund, which then no longer counts and is never recorded sent', async () => {
    const order = await paid();
    const refund = await open(order, PAID);
    expect(await stores().refunds.cancel(randomUUID(), refund.id)).toBeNull();
    const cancelled = await stores().refunds.cancel(order.id, refund.id);
    expect(cancelled).toMatchObject({ state: 'cancelled', endedAt: expect.any(String) });
    expect(await stores().refunds.cancel(order.id, refund.id)).toBeNull();
    expect(await stores().refunds.recordSent(refund.id, base58(88), new Date())).toBeNull();
    expect(await stores().orders.get(order.id)).toMatchObject({ status: 'paid' });
    await open(order, PAID);
  });

  it('expires an open refund only past its time, and no longer counts one past it', async () => {
    const order = await paid();
    const fresh = await open(order, 1n);
    expect(await stores().refunds.expire(fresh.id)).toBeNull();
    const stale = await open(order, PAID - 1n, { ttlSeconds: 60 });
    await stores().database?.query("update public.refunds set expires_at = now() - interval '1 second' where id = $1", [stale.id]);
    // Past its expiry it no longer holds its amount, even before the worker marks it.
    expect(await stores().refunds.open(ask(order, PAID))).toEqual({ refused: 'too_much', left: String(PAID - 1n) });
    expect(await stores().refunds.expire(stale.id)).toMatchObject({ state: 'expired' });
    expect(await stores().refunds.recordSent(stale.id, base58(88), new Date())).toBeNull();
    await open(order, PAID - 1n);
  });

  it('leases open refunds to one claimer at a time and keeps why the last look found no payment', async () => {
    const order = await paid();
    const refund = await open(order, 1n);
    const [first, second] = await Promise.all([stores().refunds.claimDue(100, 60), stores().refunds.claimDue(100, 60)]);
    const claimedBy = [first, second].filter((claimed) => claimed.some((candidate) => candidate.id === refund.id));
    expect(claimedBy).toHaveLength(1);
    expect((await stores().refunds.claimDue(100, 60)).some((candidate) => candidate.id === refund.id)).toBe(false);
    await stores().refunds.releaseClaim(refund.id, 0, "The transaction paid 0 lamports to the buyer's wallet, not the 1 asked.");
    const again = (await stores().refunds.claimDue(100, 60)).find((candidate) => candidate.id === refund.id);
    expect(again?.failure).toMatch(/paid 0 lamports/);
  });

  it('records who opened and who cancelled a refund on the trail', async () => {
    const order = await paid();
    const actor = { id: null, name: `trail-${run}`, address: '203.0.113.9' };
    const refund = await actingAs(actor, () => open(order, 1n));
    await actingAs(actor, () => stores().refunds.cancel(order.id, refund.id));
    const lines = await stores().audit.page({ subject: `order:${order.id}`, limit: 10 });
    expect(lines.map(({ kind, actor: who }) => `${kind} ${who}`)).toEqual([`refund.update trail-${run}`, `refund.create trail-${run}`]);
  });
}

runOnEveryStore(refundsContract);
