import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { Watch } from '@/lib/catalog/types';
import type { ClaimedAlert, Subscriber } from '@/lib/watchlist/types';
import { ALERTS_PER_WATCHER_PER_DAY, PRICE_DROP_STEP } from '@/lib/watchlist/types';
import { contractSuite, intentInput, placedIntent, restock, settledFinal } from '../support/intents';
import { base58, runOnEveryStore, type Target } from '../support/store-targets';

/**
 * Issue 52: watchers, their pieces and searches, and the alerts the worker writes, on every store.
 * Each test watches with addresses and watches of its own and counts only the alerts of its own
 * addresses, so the suite shares one database; on the PostgreSQL server two claims race for real.
 */

const DELIVERED = { outcome: 'delivered', status: 250 } as const;

function watchlistContract(target: Target) {
  const run = randomUUID().slice(0, 8);
  const { opened, watchWith } = contractSuite(target, `Watchlist ${run}`, 'watchlist');
  const stores = () => opened.stores;
  let count = 0;
  const someone = (change: Partial<Subscriber> = {}): Subscriber => ({ email: `watcher.${run}.${(count += 1)}@example.com`, wallet: null, confirmed: false, ...change });

  /** Claims every due alert and answers those of `email`, sent (so the next claim sees them as sent). */
  const sent = async (email: string, owner = 'instance-a'): Promise<ClaimedAlert[]> => {
    const claimed = await stores().watchlist.claim(owner, 100, 60, ALERTS_PER_WATCHER_PER_DAY);
    for (const alert of claimed) await stores().watchlist.finish([alert.id], owner, DELIVERED, null);
    return claimed.filter((alert) => alert.email === email);
  };
  const queued = () => stores().watchlist.queue(PRICE_DROP_STEP);
  /** Asks, then confirms from the confirmation it was sent: the watcher's id. */
  const confirmed = async (who: Subscriber, watch: Watch, below: string | null = null): Promise<string> => {
    expect(await stores().watchlist.watchPiece(who, watch.id, below)).toMatchObject({ outcome: 'confirm' });
    const [confirmation] = await sent(who.email);
    expect(confirmation).toMatchObject({ kind: 'confirm', email: who.email });
    expect(await stores().watchlist.confirm(confirmation!.watcherId)).toBe(1);
    return confirmation!.watcherId;
  };
  const priced = (watch: Watch, priceSol: number) =>
    stores().catalog.update(watch.id, { ...watch, price_sol: priceSol }, watch.stock).then((saved) => saved!);

  let soldOut: Watch;
  beforeAll(async () => {
    soldOut = await watchWith(0);
  });

  it('an e-mail watcher is sent the confirmation alone, once a day, and nothing until it confirms', async () => {
    const who = someone();
    expect(await stores().watchlist.watchPiece(who, soldOut.id, null)).toEqual({ outcome: 'confirm', available: false });
    expect(await stores().watchlist.watchPiece({ ...who, email: who.email.toUpperCase() }, soldOut.id, null)).toMatchObject({ outcome: 'confirm' });
    const [confirmation, ...others] = await sent(who.email);
    expect(others).toEqual([]);
    expect(confirmation).toMatchObject({ kind: 'confirm', snapshot: { kind: 'piece', watchId: soldOut.id, brand: soldOut.brand, model: soldOut.model } });

    const back = await watchWith(0);
    expect(await stores().watchlist.watchPiece(who, back.id, null)).toMatchObject({ outcome: 'confirm' });
    await restock(stores().catalog, back, 1);
    await queued();
    expect(await sent(who.email)).toEqual([]);

    expect(await stores().watchlist.ofWatcher(confirmation!.watcherId)).toMatchObject({
      email: who.email,
      pieces: [
        { watchId: back.id, available: true, confirmed: false },
        { watchId: soldOut.id, available: false, confirmed: false },
      ],
    });
  });

  it('a sold-out piece restocked by the operator is one back-in-stock alert, and the next look sends none', async () => {
    const watch = await watchWith(0);
    const who = someone();
    await confirmed(who, watch);
    await queued();
    expect(await sent(who.email)).toEqual([]);

    await restock(stores().catalog, watch, 2);
    await queued();
    await queued();
    const alerts = await sent(who.email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: 'back_in_stock', snapshot: { watchId: watch.id, priceSol: '10.000000000' } });
    await queued();
    expect(await sent(who.email)).toEqual([]);

    // Sold out and back again is a new event, told again.
    await restock(stores().catalog, (await stores().catalog.get(watch.id))!, 0);
    await queued();
    await restock(stores().catalog, (await stores().catalog.get(watch.id))!, 1);
    await queued();
    expect((await sent(who.email)).map((alert) => alert.kind)).toEqual(['back_in_stock']);
  });

  it('a piece held by another buyer is back in stock when the hold expires', async () => {
    const watch = await watchWith(1);
    const hold = await placedIntent(stores().orders, intentInput(watch));
    // Its one piece held: no piece is free, so its return is what a watcher waits for.
    expect(await stores().watchlist.watchPiece(someone(), watch.id, null)).toEqual({ outcome: 'confirm', available: false });
    const who = someone();
    await confirmed(who, watch);
    await queued();
    expect(await sent(who.email)).toEqual([]);

    await stores().orders.settle(hold.id, { status: 'expired', txHash: null, refundDue: false });
    await queued();
    expect((await sent(who.email)).map((alert) => alert.kind)).toEqual(['back_in_stock']);
  });

  it('a 4 % cut is no alert, a cut of 5 % from the price last told is one, and the watcher’s own limit is one', async () => {
    let watch = await watchWith(3);
    const who = someone();
    await confirmed(who, watch);

    watch = await priced(watch, 9.6);
    await queued();
    expect(await sent(who.email)).toEqual([]);
    // 9.5 is 5 % below the 10 SOL the watcher saw: told, and 9.5 is the new bar.
    watch = await priced(watch, 9.5);
    await queued();
    const [drop, ...more] = await sent(who.email);
    expect(more).toEqual([]);
    expect(drop).toMatchObject({ kind: 'price_drop', snapshot: { priceSol: '9.500000000', wasSol: '10.000000000' } });
    watch = await priced(watch, 9.2);
    await queued();
    expect(await sent(who.email)).toEqual([]);

    const limited = someone();
    const other = await watchWith(3);
    await confirmed(limited, other, '9.9');
    await priced(other, 9.85);
    await queued();
    expect((await sent(limited.email)).map((alert) => [alert.kind, alert.snapshot.below])).toEqual([['price_drop', '9.900000000']]);
  });

  it('a new watch a confirmed saved search matches is one new-match alert; others are none', async () => {
    const brand = `Saved ${run} ${base58(6)}`;
    const who = someone();
    const search = { path: `/watches?brand=${encodeURIComponent(brand)}`, label: brand, listing: 'all' as const, query: '', brand, facets: {} };
    expect(await stores().watchlist.saveSearch(who, search)).toBe('confirm');
    const [confirmation] = await sent(who.email);
    expect(confirmation).toMatchObject({ kind: 'confirm', snapshot: { kind: 'search', label: brand } });
    expect(await stores().watchlist.confirm(confirmation!.watcherId)).toBe(1);

    const match = await watchWith(1, { brand });
    await watchWith(1, { brand: `${brand} Other` });
    await watchWith(0, { brand });
    await queued();
    await queued();
    const alerts = await sent(who.email);
    expect(alerts.map((alert) => [alert.kind, alert.snapshot.watchId, alert.snapshot.path])).toEqual([['new_match', match.id, search.path]]);
    await queued();
    expect(await sent(who.email)).toEqual([]);
  });

  it('past three alerts a day, the others wait and leave together in one digest', async () => {
    const who = someone();
    const pieces = await Promise.all([0, 0, 0, 0, 0].map(() => watchWith(0)));
    expect(await stores().watchlist.watchPiece(who, pieces[0]!.id, null)).toMatchObject({ outcome: 'confirm' });
    for (const piece of pieces.slice(1)) await stores().watchlist.watchPiece(who, piece.id, null);
    const [confirmation] = await sent(who.email);
    expect(await stores().watchlist.confirm(confirmation!.watcherId)).toBe(5);
    for (const piece of pieces) await restock(stores().catalog, piece, 1);
    await queued();

    const now = await sent(who.email);
    expect(now.map((alert) => [alert.kind, alert.digest])).toEqual([
      ['back_in_stock', false],
      ['back_in_stock', false],
      ['back_in_stock', false],
    ]);
    expect(await sent(who.email)).toEqual([]);

    // A day later (the database's clock moved by the test): the two that waited, claimed together.
    await stores().database!.query(
      `update public.watch_alerts set next_attempt_at = clock_timestamp() - interval '1 second'
       where watcher_id = $1 and digest`,
      [confirmation!.watcherId],
    );
    const digest = await sent(who.email);
    expect(digest.map((alert) => [alert.kind, alert.digest])).toEqual([
      ['back_in_stock', true],
      ['back_in_stock', true],
    ]);
  });

  it('two instances claiming at once send each alert once', async () => {
    const watch = await watchWith(0);
    const watchers = [someone(), someone(), someone(), someone()];
    const ids: string[] = [];
    for (const who of watchers) ids.push(await confirmed(who, watch));
    await restock(stores().catalog, watch, 1);
    await Promise.all([queued(), queued()]);
    const [a, b] = await Promise.all([
      stores().watchlist.claim('instance-a', 100, 60, ALERTS_PER_WATCHER_PER_DAY),
      stores().watchlist.claim('instance-b', 100, 60, ALERTS_PER_WATCHER_PER_DAY),
    ]);
    const mine = [...a!, ...b!].filter((alert) => ids.includes(alert.watcherId));
    expect(mine.map((alert) => alert.kind)).toEqual(['back_in_stock', 'back_in_stock', 'back_in_stock', 'back_in_stock']);
    expect(new Set(mine.map((alert) => alert.watcherId)).size).toBe(4);
    // The other instance's lease is not this one's to finish.
    const ofA = a!.filter((alert) => ids.includes(alert.watcherId));
    const ofB = b!.filter((alert) => ids.includes(alert.watcherId));
    if (ofA[0]) expect(await stores().watchlist.finish([ofA[0].id], 'instance-b', DELIVERED, null)).toBe(0);
    expect(await stores().watchlist.finish([...ofA.map((alert) => alert.id)], 'instance-a', DELIVERED, null)).toBe(ofA.length);
    expect(await stores().watchlist.finish([...ofB.map((alert) => alert.id)], 'instance-b', DELIVERED, null)).toBe(ofB.length);
  });

  it('forgetting deletes the address, its watches and its alerts; an unconfirmed address is forgotten after 48 hours', async () => {
    const watch = await watchWith(0);
    const who = someone();
    const id = await confirmed(who, watch);
    await restock(stores().catalog, watch, 1);
    await queued();
    expect(await stores().watchlist.forget(id)).toBe(true);
    expect(await stores().watchlist.forget(id)).toBe(false);
    expect(await stores().watchlist.ofWatcher(id)).toBeNull();
    expect(await sent(who.email)).toEqual([]);
    expect(await stores().watchlist.confirm(id)).toBeNull();

    const late = someone();
    await stores().watchlist.watchPiece(late, watch.id, null);
    const [confirmation] = await sent(late.email);
    await stores().database!.query(`update public.watchers set created_at = clock_timestamp() - interval '49 hours' where id = $1`, [confirmation!.watcherId]);
    await queued();
    expect(await stores().watchlist.ofWatcher(confirmation!.watcherId)).toBeNull();
    expect(await stores().watchlist.confirm(confirmation!.watcherId)).toBeNull();
  });

  it('a signed-in wallet is told at the address of its purchases, sees its watchlist and removes from it', async () => {
    const wallet = base58(44);
    expect(await stores().watchlist.walletAddress(wallet)).toBeNull();
    const watch = await watchWith(2);
    const order = await placedIntent(stores().orders, intentInput(watch, { wallet, email: `buyer.${run}@example.com` }));
    await settledFinal(stores().orders, order.id, { status: 'paid', txHash: base58(88), wallet, paidAt: new Date() });
    expect(await stores().watchlist.walletAddress(wallet)).toBe(`buyer.${run}@example.com`);

    const who = { email: `buyer.${run}@example.com`, wallet, confirmed: true };
    expect(await stores().watchlist.watchPiece(who, watch.id, '8')).toEqual({ outcome: 'watching', available: true });
    expect(await sent(who.email)).toEqual([]);
    const list = await stores().watchlist.ofWallet(wallet);
    expect(list).toMatchObject({ email: who.email, pieces: [{ watchId: watch.id, below: '8.000000000', confirmed: true }], searches: [] });

    // A stranger typing that address adds nothing that is on, and nothing this wallet sees.
    const stranger = { email: who.email, wallet: null, confirmed: false };
    const other = await watchWith(0);
    expect(await stores().watchlist.watchPiece(stranger, other.id, null)).toMatchObject({ outcome: 'confirm' });
    expect((await stores().watchlist.ofWallet(wallet)).pieces.map((piece) => [piece.watchId, piece.confirmed])).toEqual([[watch.id, true]]);

    const item = list.pieces[0]!.id;
    expect(await stores().watchlist.remove(base58(44), item)).toBe(false);
    expect(await stores().watchlist.remove(wallet, item)).toBe(true);
    expect(await stores().watchlist.ofWallet(wallet)).toMatchObject({ pieces: [], searches: [] });
    expect(await stores().watchlist.watchPiece(who, randomUUID(), null)).toMatchObject({ outcome: 'unknown_watch' });
  });

  it('a confirmed address asking for one more piece confirms it too, from the next day’s confirmation', async () => {
    const [first, second] = [await watchWith(0), await watchWith(0)];
    const who = someone();
    const id = await confirmed(who, first);
    expect(await stores().watchlist.watchPiece(who, second.id, null)).toMatchObject({ outcome: 'confirm' });
    expect(await sent(who.email)).toEqual([]);
    await stores().database!.query(`update public.watchers set confirmation_sent_at = confirmation_sent_at - interval '25 hours' where id = $1`, [id]);
    expect(await stores().watchlist.watchPiece(who, second.id, null)).toMatchObject({ outcome: 'confirm' });
    const [confirmation, ...more] = await sent(who.email);
    expect(more).toEqual([]);
    expect(confirmation).toMatchObject({ kind: 'confirm', watcherId: id, snapshot: { watchId: second.id } });
    expect(await stores().watchlist.confirm(id)).toBe(1);
    expect((await stores().watchlist.ofWatcher(id))!.pieces.map((piece) => piece.confirmed)).toEqual([true, true]);
  });

  it('a wallet typing someone else’s confirmed address sees none of its watches, changes none, and turns nothing on', async () => {
    const [theirs, mine] = [await watchWith(3), await watchWith(3)];
    const owner = someone();
    const ownerId = await confirmed(owner, theirs, '9');
    const intruder = base58(44);
    const asIntruder = { email: owner.email, wallet: intruder, confirmed: false };
    expect(await stores().watchlist.watchPiece(asIntruder, theirs.id, '1')).toMatchObject({ outcome: 'confirm' });
    expect(await stores().watchlist.watchPiece(asIntruder, mine.id, null)).toMatchObject({ outcome: 'confirm' });
    expect(await stores().watchlist.walletAddress(intruder)).toBeNull();
    // Its own request only, waiting for the address's owner; the owner's piece neither shown nor changed.
    expect((await stores().watchlist.ofWallet(intruder)).pieces.map((piece) => [piece.watchId, piece.confirmed])).toEqual([[mine.id, false]]);
    expect((await stores().watchlist.ofWatcher(ownerId))!.pieces.find((piece) => piece.watchId === theirs.id)).toMatchObject({
      below: '9.000000000',
      confirmed: true,
    });
    const [theirItem] = (await stores().watchlist.ofWatcher(ownerId))!.pieces.filter((piece) => piece.watchId === theirs.id);
    expect(await stores().watchlist.remove(intruder, theirItem!.id)).toBe(false);
  });

  it('counts confirmed watchers per piece and per brand, never an address', async () => {
    const brand = `Counted ${run} ${base58(6)}`;
    const [one, two] = [await watchWith(0, { brand }), await watchWith(0, { brand })];
    const first = someone();
    await confirmed(first, one);
    await stores().watchlist.watchPiece(first, two.id, null);
    const second = someone();
    await confirmed(second, one);
    await stores().watchlist.watchPiece(someone(), two.id, null);
    const counts = await stores().watchlist.counts();
    expect(counts.pieces.filter((piece) => piece.brand === brand)).toEqual([{ watchId: one.id, brand, model: one.model, watchers: 2 }]);
    expect(counts.brands.filter((row) => row.brand === brand)).toEqual([{ brand, watchers: 2 }]);
    expect(JSON.stringify(counts)).not.toContain('@');
  });
}

runOnEveryStore(watchlistContract);
