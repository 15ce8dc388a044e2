import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Watch } from '@/lib/catalog/types';
import type { HoldClient, PaymentIntentInput } from '@/lib/orders/types';
import { anyClient, contractSuite, intentInput, placedIntent, ROOMY_RULES, settledFinal } from '../support/intents';
import { base58, runOnEveryStore, type Target } from '../support/store-targets';

/**
 * Issue 47's rules of a hold, in SQL (create_payment_intent), on every store: a wallet asking again
 * for a watch keeps its first expiry and, once that window ended unpaid, waits the cooldown before
 * it holds the watch again; a client address and its network hold a bounded number of watches.
 */

const MINUTE = 60_000;
const COOLDOWN_S = ROOMY_RULES.cooldownSeconds;

function runContract(target: Target) {
  const { opened, watchWith } = contractSuite(target, `Holds ${randomUUID().slice(0, 8)}`, 'hold rules');
  const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * MINUTE);
  const ask = (watch: Watch, overrides: Partial<PaymentIntentInput>) => opened.stores.orders.createIntent(intentInput(watch, overrides));
  const cancel = (id: string) => opened.stores.orders.settle(id, { status: 'failed', txHash: null, failure: 'The payment was cancelled in the wallet.' });

  it('keeps the first expiry when the same wallet asks again for the same watch (a second tab, a reload, after a cancel)', async () => {
    const watch = await watchWith(1);
    const wallet = base58(44);
    const first = await placedIntent(opened.stores.orders, intentInput(watch, { wallet, expiresAt: minutesFromNow(4) }));
    const again = await placedIntent(opened.stores.orders, intentInput(watch, { wallet, expiresAt: minutesFromNow(10) }));
    expect(again.expiresAt).toBe(first.expiresAt);
    expect(await opened.stores.orders.get(first.id)).toMatchObject({ status: 'failed' });
    await cancel(again.id);
    const afterCancel = await placedIntent(opened.stores.orders, intentInput(watch, { wallet, expiresAt: minutesFromNow(10) }));
    expect(afterCancel).toMatchObject({ status: 'pending', expiresAt: first.expiresAt });
    // Another wallet's window is its own.
    await cancel(afterCancel.id);
    const other = await placedIntent(opened.stores.orders, intentInput(watch, { expiresAt: minutesFromNow(10) }));
    expect(other.expiresAt).not.toBe(first.expiresAt);
  });

  it('makes the wallet wait the cooldown once its window ended, then gives a fresh window', async () => {
    const watch = await watchWith(1);
    const wallet = base58(44);
    const ended = await placedIntent(opened.stores.orders, intentInput(watch, { wallet, expiresAt: minutesFromNow(-1) }));
    await opened.stores.orders.settle(ended.id, { status: 'expired', txHash: null, refundDue: false });
    const before = (await opened.stores.orders.list()).length;
    const holdAgainAt = new Date(Date.parse(ended.expiresAt!) + COOLDOWN_S * 1000).toISOString();
    expect(await ask(watch, { wallet })).toEqual({ refused: 'cooldown', until: holdAgainAt });
    // The wallet holds another watch meanwhile.
    await placedIntent(opened.stores.orders, intentInput(await watchWith(1), { wallet }));
    expect((await opened.stores.orders.list()).length).toBe(before + 1);

    const long = await watchWith(1);
    const old = await placedIntent(opened.stores.orders, intentInput(long, { wallet, expiresAt: minutesFromNow(-(COOLDOWN_S / 60) - 1) }));
    await cancel(old.id);
    const fresh = await placedIntent(opened.stores.orders, intentInput(long, { wallet, expiresAt: minutesFromNow(10) }));
    expect(Date.parse(fresh.expiresAt!)).toBeGreaterThan(Date.now() + 9 * MINUTE);
  });

  it('starts no window with a paid intent: a buyer may buy a second piece', async () => {
    const watch = await watchWith(2);
    const wallet = base58(44);
    const bought = await placedIntent(opened.stores.orders, intentInput(watch, { wallet, expiresAt: minutesFromNow(3) }));
    await settledFinal(opened.stores.orders, bought.id, { status: 'paid', txHash: base58(88), wallet, paidAt: new Date() });
    const second = await placedIntent(opened.stores.orders, intentInput(watch, { wallet, expiresAt: minutesFromNow(10) }));
    expect(Date.parse(second.expiresAt!)).toBeGreaterThan(Date.now() + 9 * MINUTE);
  });

  it('bounds the open holds of one address, not counting the wallet’s own hold it replaces nor ended ones', async () => {
    const client = anyClient();
    const rules = { ...ROOMY_RULES, perAddress: 2 };
    const [a, b, c] = [await watchWith(1), await watchWith(1), await watchWith(1)];
    const firstWallet = base58(44);
    const first = await placedIntent(opened.stores.orders, intentInput(a, { wallet: firstWallet, client, rules, expiresAt: minutesFromNow(5) }));
    await placedIntent(opened.stores.orders, intentInput(b, { client, rules, expiresAt: minutesFromNow(8) }));
    const before = (await opened.stores.orders.list()).length;
    expect(await ask(c, { client, rules })).toEqual({ refused: 'address_bound', until: first.expiresAt });
    expect((await opened.stores.orders.list()).length).toBe(before);
    // The same address's wallet moving its own hold to another watch is not a third hold.
    await placedIntent(opened.stores.orders, intentInput(c, { wallet: firstWallet, client, rules }));
    // Another address of the same network holds on.
    await placedIntent(opened.stores.orders, intentInput(a, { client: { ...anyClient(), networkHash: client.networkHash }, rules }));
  });

  it('counts only pending holds that have not expired', async () => {
    const client = anyClient();
    const rules = { ...ROOMY_RULES, perAddress: 1 };
    const lapsed = await placedIntent(opened.stores.orders, intentInput(await watchWith(1), { client, rules, expiresAt: minutesFromNow(-1) }));
    await placedIntent(opened.stores.orders, intentInput(await watchWith(1), { client, rules }));
    expect(lapsed.status).toBe('pending');
  });

  it('bounds the open holds of one network across its addresses', async () => {
    const networkHash = anyClient().networkHash;
    const inNetwork = (): HoldClient => ({ ...anyClient(), networkHash });
    const rules = { ...ROOMY_RULES, perAddress: 2, perNetwork: 3 };
    const watch = await watchWith(10);
    for (let index = 0; index < 3; index += 1) await placedIntent(opened.stores.orders, intentInput(watch, { client: inNetwork(), rules }));
    expect(await ask(watch, { client: inNetwork(), rules })).toMatchObject({ refused: 'network_bound' });
  });

  it('never passes the bound with 12 wallets of one address asking at once', async () => {
    const client = anyClient();
    const rules = { ...ROOMY_RULES, perAddress: 3 };
    const watch = await watchWith(20);
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => ask(watch, { client, rules })));
    expect(outcomes.filter((outcome) => 'placed' in outcome)).toHaveLength(3);
    expect(outcomes.filter((outcome) => !('placed' in outcome)).map((outcome) => 'refused' in outcome && outcome.refused)).toEqual(Array(9).fill('address_bound'));
  });

  it('refuses a call without its client or bounds, writing nothing', async () => {
    const watch = await watchWith(1);
    await expect(ask(watch, { rules: { ...ROOMY_RULES, perAddress: 0 } })).rejects.toThrow();
  });

  it("keeps a Solana Action's unproven account from the signed-in owner's checkout (issue 54)", async () => {
    const watch = await watchWith(2);
    const wallet = base58(44);
    const owners = await placedIntent(opened.stores.orders, intentInput(watch, { wallet, expiresAt: minutesFromNow(10) }));
    const before = (await opened.stores.orders.list()).length;
    // A stranger naming the owner's wallet neither replaces the owner's hold nor holds beside it.
    expect(await ask(watch, { wallet, walletSignedIn: false })).toEqual({ refused: 'wallet_busy' });
    expect((await opened.stores.orders.list()).length).toBe(before);
    expect(await opened.stores.orders.get(owners.id)).toMatchObject({ status: 'pending' });
    await cancel(owners.id);

    // An unproven hold in the owner's name is not theirs: not proven, not counted in their window.
    const other = await watchWith(1);
    const strangers = await placedIntent(opened.stores.orders, intentInput(other, { wallet, walletSignedIn: false, expiresAt: minutesFromNow(-1) }));
    expect(strangers).toMatchObject({ status: 'pending' });
    expect((await opened.stores.orders.listByWallet(wallet)).map(({ id }) => id)).not.toContain(strangers.id);
    await opened.stores.orders.settle(strangers.id, { status: 'expired', txHash: null, refundDue: false });
    const signedIn = await placedIntent(opened.stores.orders, intentInput(other, { wallet, expiresAt: minutesFromNow(10) }));
    expect(Date.parse(signedIn.expiresAt!)).toBeGreaterThan(Date.now() + 9 * MINUTE);
    // An unproven request keeps to any window of the wallet, the signed-in one's included: no time gained.
    await cancel(signedIn.id);
    expect(await ask(other, { wallet, walletSignedIn: false })).toMatchObject({ placed: { expiresAt: signedIn.expiresAt } });

    // The owner's signed-in intent replaces an unproven one; an unproven one replaces only unproven ones.
    const third = await watchWith(1);
    const unproven = await placedIntent(opened.stores.orders, intentInput(third, { wallet, walletSignedIn: false }));
    const replacing = await placedIntent(opened.stores.orders, intentInput(third, { wallet }));
    expect(await opened.stores.orders.get(unproven.id)).toMatchObject({ status: 'failed' });
    expect(replacing).toMatchObject({ status: 'pending' });
    expect((await opened.stores.orders.listByWallet(wallet)).map(({ id }) => id)).toContain(replacing.id);
  });
}

runOnEveryStore(runContract);
