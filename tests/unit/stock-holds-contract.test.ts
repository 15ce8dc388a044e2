import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Watch, WatchInput } from '@/lib/catalog/types';
import type { Order, PaymentIntentInput } from '@/lib/orders/types';
import { createContractWatch, intentInput, placedIntent, settledFinal } from '../support/intents';
import { base58, runOnEveryStore, type Stores, type Target } from '../support/store-targets';

/**
 * Stock and holds, and the settlement worker's claims, in SQL, on both stores (the embedded
 * database, and Supabase through the REST stand-in on a real PGlite): a payment intent holds a
 * piece under the watch's row lock, a payment sells it, an expiry releases it, and no piece is ever
 * sold twice.
 */

function runContract(target: Target) {
  const run = randomUUID().slice(0, 8);
  let stores: Stores;
  const made: string[] = [];

  beforeAll(async () => {
    stores = await target.open();
  });

  afterAll(async () => {
    for (const id of made) await stores?.catalog.remove(id);
  });

  const watchWith = async (stock: number, overrides: Partial<WatchInput> = {}): Promise<Watch> => {
    const watch = await createContractWatch(stores.catalog, `Stock ${run}`, 'stock', { model: `Piece ${made.length}`, stock, ...overrides });
    made.push(watch.id);
    return watch;
  };

  const intentFor = (watch: Watch): PaymentIntentInput => intentInput(watch);

  const pay = (order: Order) => settledFinal(stores.orders, order.id, { status: 'paid', txHash: base58(88), wallet: base58(44), paidAt: new Date() });
  const expire = (order: Order) => stores.orders.settle(order.id, { status: 'expired', txHash: null, refundDue: false });
  const stockOf = async (watch: Watch) => (await stores.catalog.get(watch.id))!;

  it('gives the last piece to exactly one of 20 buyers racing for it; the 19 others are told it is held, and until when', async () => {
    const watch = await watchWith(1);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => stores.orders.createIntent(intentFor(watch))));
    const placed = outcomes.flatMap((outcome) => ('placed' in outcome ? [outcome.placed] : []));
    expect(placed).toHaveLength(1);
    expect(outcomes.filter((outcome) => !('placed' in outcome))).toEqual(
      Array(19).fill({ refused: 'held', heldUntil: placed[0]!.expiresAt }),
    );
    expect((await stores.orders.stockCounts([watch.id]))[watch.id]).toEqual({ held: 1, sold: 0 });
    // A hold is not a sale: the watch is still shown available.
    expect(await stockOf(watch)).toMatchObject({ stock: 1, available: true });
  });

  it('holds one piece per wallet: its new intent replaces its open one, which frees that piece', async () => {
    const [first, second] = [await watchWith(1), await watchWith(1)];
    const wallet = base58(44);
    const held = await placedIntent(stores.orders, intentInput(first, { wallet }));
    const moved = await placedIntent(stores.orders, intentInput(second, { wallet }));
    expect(await stores.orders.get(held.id)).toMatchObject({ status: 'failed', failure: 'Replaced by a newer payment from the same wallet.' });
    const counts = await stores.orders.stockCounts([first.id, second.id]);
    expect(counts[first.id]?.held ?? 0).toBe(0);
    expect(counts[second.id]).toEqual({ held: 1, sold: 0 });
    // Trying the same one-piece watch again (the dialog was closed and opened again) is not refused by its own hold.
    const again = await placedIntent(stores.orders, intentInput(second, { wallet }));
    expect(await stores.orders.get(moved.id)).toMatchObject({ status: 'failed' });
    expect(await stores.orders.get(again.id)).toMatchObject({ status: 'pending', wallet });
  });

  it("keeps a wallet's hold when its new intent is refused, and leaves one hold of ten asked for at once", async () => {
    const [kept, taken] = [await watchWith(1), await watchWith(1)];
    const wallet = base58(44);
    const held = await placedIntent(stores.orders, intentInput(kept, { wallet }));
    await placedIntent(stores.orders, intentFor(taken));
    expect(await stores.orders.createIntent(intentInput(taken, { wallet }))).toMatchObject({ refused: 'held' });
    expect(await stores.orders.get(held.id)).toMatchObject({ status: 'pending' });

    const editions = await Promise.all(Array.from({ length: 10 }, () => watchWith(5)));
    const racing = await Promise.all(editions.map((watch) => stores.orders.createIntent(intentInput(watch, { wallet }))));
    expect(racing.every((outcome) => 'placed' in outcome)).toBe(true);
    const counts = await stores.orders.stockCounts([kept.id, ...editions.map((watch) => watch.id)]);
    expect(Object.values(counts).reduce((sum, count) => sum + count.held, 0)).toBe(1);
  });

  it('holds as many pieces as a numbered edition has, and no more', async () => {
    const watch = await watchWith(3);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => stores.orders.createIntent(intentFor(watch))));
    expect(outcomes.filter((outcome) => 'placed' in outcome)).toHaveLength(3);
  });

  it('refuses an intent for a watch with no piece left as sold out, and for an unknown watch', async () => {
    const watch = await watchWith(0);
    expect(await stores.orders.createIntent(intentFor(watch))).toEqual({ refused: 'sold_out' });
    expect(await stores.orders.createIntent({ ...intentFor(watch), watch: { id: randomUUID(), brand: 'X', model: 'Y' } })).toEqual({
      refused: 'unknown',
    });
  });

  it('releases the hold when the intent expires or fails, so the next buyer gets the piece', async () => {
    const watch = await watchWith(1);
    const first = await placedIntent(stores.orders, intentFor(watch));
    expect(await expire(first)).toMatchObject({ status: 'expired' });
    const second = await placedIntent(stores.orders, intentFor(watch));
    await stores.orders.settle(second.id, { status: 'failed', txHash: null, failure: 'Underpaid' });
    await placedIntent(stores.orders, intentFor(watch));
  });

  it('sells the piece in the statement that marks the order paid: stock down by one, sold out at zero', async () => {
    const watch = await watchWith(2);
    const first = await placedIntent(stores.orders, intentFor(watch));
    expect(await pay(first)).toMatchObject({ status: 'paid', refundDue: false });
    expect(await stockOf(watch)).toMatchObject({ stock: 1, available: true });
    const second = await placedIntent(stores.orders, intentFor(watch));
    await pay(second);
    expect(await stockOf(watch)).toMatchObject({ stock: 0, available: false });
    // Only the watches asked for are counted (the admin grid asks for its page's).
    expect(await stores.orders.stockCounts([watch.id])).toEqual({ [watch.id]: { held: 0, sold: 2 } });
    expect(await stores.orders.createIntent(intentFor(watch))).toEqual({ refused: 'sold_out' });
    // A second settlement of a paid order sells nothing more.
    expect(await pay(first)).toBeNull();
    expect((await stockOf(watch)).stock).toBe(0);
  });

  /** A payment of `order` that landed on chain at `landedAt`. */
  const payAt = (order: Order, landedAt: Date) => stores.orders.settle(order.id, { status: 'paid', txHash: base58(88), wallet: base58(44), paidAt: landedAt });
  const tripleThePrice = async (watch: Watch) => {
    const { brand, model, description, image_urls, price_eur, price_sol, specs, features, featured, stock } = watch;
    await stores.catalog.update(watch.id, { brand, model, description, image_urls, price_eur, price_sol: price_sol * 3, specs, features, featured, stock }, stock);
  };
  const minutesAfter = (date: string | null, minutes: number) => new Date(new Date(date!).getTime() + minutes * 60_000);

  it('sells a payment that lands within 2 minutes of its expiry, at the current price, with a piece free', async () => {
    const watch = await watchWith(1);
    const order = await placedIntent(stores.orders, intentFor(watch));
    await expire(order);
    expect(await payAt(order, minutesAfter(order.expiresAt, 1.5))).toMatchObject({ status: 'paid', refundDue: false });
    expect(await stockOf(watch)).toMatchObject({ stock: 0, available: false });
  });

  it('keeps a payment that lands more than 2 minutes after its expiry as a refund due, a piece free or not', async () => {
    const watch = await watchWith(1);
    const order = await placedIntent(stores.orders, intentFor(watch));
    await expire(order);
    expect(await payAt(order, minutesAfter(order.expiresAt, 2.5))).toMatchObject({ status: 'expired', refundDue: true });
    expect(await stockOf(watch)).toMatchObject({ stock: 1, available: true });
  });

  it('never sells at the old price: a cancelled intent paid after a price rise is a refund due, the stock unchanged', async () => {
    const watch = await watchWith(1);
    const order = await placedIntent(stores.orders, intentFor(watch));
    await stores.orders.settle(order.id, { status: 'failed', txHash: null, failure: 'The payment was cancelled in the wallet.' });
    await tripleThePrice(watch);
    // In time by the intent's clock, but the buyer had cancelled it: only today's price buys.
    expect(await payAt(order, new Date())).toMatchObject({ status: 'expired', refundDue: true });
    expect(await stockOf(watch)).toMatchObject({ stock: 1, available: true });
  });

  it("sells an in-time payment at its intent's price, even when the price rose while it was held", async () => {
    const watch = await watchWith(1);
    const order = await placedIntent(stores.orders, intentFor(watch));
    await tripleThePrice(watch);
    expect(await payAt(order, new Date())).toMatchObject({ status: 'paid', refundDue: false });
    expect(await stockOf(watch)).toMatchObject({ stock: 0 });
  });

  it('lets the operator sell a late payment by hand while a piece is free, recording who; never past the stock', async () => {
    const watch = await watchWith(1);
    const late = await placedIntent(stores.orders, intentFor(watch));
    await expire(late);
    const recorded = await stores.orders.settle(late.id, { status: 'paid', txHash: base58(88), wallet: base58(44), paidAt: minutesAfter(late.expiresAt, 30) });
    expect(recorded).toMatchObject({ status: 'expired', refundDue: true });
    // Not before the cluster finalized the payment: a dropped one must not be sold.
    expect(await stores.orders.move(late.id, { from: 'expired', to: 'paid' }, 'operator-a')).toBeNull();
    await stores.orders.finalizePayment(late.id, recorded!.txHash!);
    const other = await placedIntent(stores.orders, intentFor(watch));
    // The other buyer's hold has the only piece: the order comes back unchanged.
    expect(await stores.orders.move(late.id, { from: 'expired', to: 'paid' }, 'operator-a')).toMatchObject({ status: 'expired', refundDue: true });
    await expire(other);
    const sold = await stores.orders.move(late.id, { from: 'expired', to: 'paid' }, 'operator-a');
    expect(sold).toMatchObject({ status: 'paid', refundDue: false, txHash: late.txHash ?? expect.any(String) });
    expect(await stockOf(watch)).toMatchObject({ stock: 0, available: false });
    expect((await stores.orders.history(late.id)).map(({ actor, from, to }) => [actor, from, to])).toEqual([['operator-a', 'expired', 'paid']]);
    // Once: a second hand sale finds the order paid and moves nothing.
    expect(await stores.orders.move(late.id, { from: 'expired', to: 'paid' }, 'operator-b')).toBeNull();
    // An expired order no payment reached is not for sale.
    const unpaid = await placedIntent(stores.orders, intentFor(await watchWith(1)));
    await expire(unpaid);
    expect(await stores.orders.move(unpaid.id, { from: 'expired', to: 'paid' }, 'operator-a')).toBeNull();
  });

  it('records a late payment as a refund due when the piece went to another buyer: never a second sale', async () => {
    const watch = await watchWith(1);
    const late = await placedIntent(stores.orders, intentFor(watch));
    await expire(late);
    const other = await placedIntent(stores.orders, intentFor(watch));
    const txHash = base58(88);
    // The other buyer holds the piece: the late payment cannot have it.
    expect(await stores.orders.settle(late.id, { status: 'paid', txHash, wallet: base58(44), paidAt: new Date() })).toMatchObject({
      status: 'expired',
      txHash,
      refundDue: true,
    });
    await pay(other);
    expect(await stockOf(watch)).toMatchObject({ stock: 0 });
    // Sold to the other buyer: a late payment for an order expired meanwhile is owed back too.
    const third = await stores.orders.createIntent(intentFor(watch));
    expect(third).toEqual({ refused: 'sold_out' });
  });

  it('lets the operator withdraw a watch (no piece left) and put it back (one piece)', async () => {
    const watch = await watchWith(3);
    expect(await stores.catalog.setAvailable(watch.id, false)).toMatchObject({ stock: 0, available: false });
    expect(await stores.catalog.setAvailable(watch.id, true)).toMatchObject({ stock: 1, available: true });
    const held = await placedIntent(stores.orders, intentFor(watch));
    await stores.catalog.setAvailable(watch.id, false);
    // The hold's payment finds no piece: kept as a refund due.
    expect(await pay(held)).toMatchObject({ status: 'expired', refundDue: true });
  });

  it('lets two workers claim disjoint orders, keeps a claimed order from a second claim, and frees it on release', async () => {
    const watch = await watchWith(10);
    const orders = await Promise.all(Array.from({ length: 6 }, () => placedIntent(stores.orders, intentFor(watch))));
    const ids = new Set(orders.map((order) => order.id));
    const [a, b] = await Promise.all([stores.orders.claimDue('settle', 100, 60), stores.orders.claimDue('settle', 100, 60)]);
    const mine = (claimed: Order[]) => claimed.filter((order) => ids.has(order.id)).map((order) => order.id);
    expect(mine(a).filter((id) => mine(b).includes(id))).toEqual([]);
    expect(new Set([...mine(a), ...mine(b)])).toEqual(ids);
    expect(mine(await stores.orders.claimDue('settle', 100, 60))).toEqual([]);
    await stores.orders.releaseClaim(orders[0]!.id, 0);
    expect(mine(await stores.orders.claimDue('settle', 100, 60))).toEqual([orders[0]!.id]);
    for (const order of orders) await stores.orders.releaseClaim(order.id, 0);
  });

  it('claims paid orders without a certificate for minting, and keeps a failed mint with its reason, retried later', async () => {
    const watch = await watchWith(1);
    const order = (await pay(await placedIntent(stores.orders, intentFor(watch))))!;
    const claimed = await stores.orders.claimDue('certify', 100, 60);
    expect(claimed.map((one) => one.id)).toContain(order.id);
    const failed = await stores.orders.recordCertificateFailure(order.id, 'The RPC node did not answer');
    expect(failed).toMatchObject({ certificateAttempts: 1, certificateFailure: 'The RPC node did not answer', certificateMint: null });
    await stores.orders.releaseClaim(order.id, 0);
    await stores.orders.recordCertificateFailure(order.id, 'Still down');
    // Backed off: not due again at once.
    expect((await stores.orders.claimDue('certify', 100, 60)).map((one) => one.id)).not.toContain(order.id);
    const mint = base58(44);
    expect(await stores.orders.recordCertificate(order.id, mint)).toMatchObject({ certificateMint: mint, certificateFailure: null, certificateAttempts: 2 });
  });
}

runOnEveryStore(runContract);
