import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WatchValidationError } from '@/lib/catalog/schema';
import type { WatchInput } from '@/lib/catalog/types';
import { OrderValidationError } from '@/lib/orders/schema';
import { StockChangedError } from '@/lib/catalog/store';
import { TransactionAlreadyUsedError } from '@/lib/orders/store';
import type { OrderInput, PaymentIntentInput } from '@/lib/orders/types';
import { orderFixture } from '../support/purchase-fixtures';
import { intentInput, placedIntent, settledFinal } from '../support/intents';
import { base58, runOnEveryStore, type Stores, type Target } from '../support/store-targets';

/**
 * One contract, every store. Each test works only with watches of brands it made for this run, so
 * the same suite can run against a seeded or a shared live database.
 */

function runContract(target: Target) {
  const run = randomUUID().slice(0, 8);
  const brandOf = (name: string) => `Contract ${run} ${name}`;
  let stores: Stores;
  const made: string[] = [];

  const input = (overrides: Partial<WatchInput> = {}): WatchInput => ({
    brand: brandOf('Default'),
    model: 'Reference One',
    description: 'A watch made by the contract suite.',
    image_urls: ['https://images.example.com/one.jpg', '/images/watch-placeholder.svg'],
    price_eur: 1400,
    price_sol: 10,
    specs: { movement: 'Automatic' },
    reference: 'C-1',
    features: ['Sapphire crystal'],
    featured: false,
    stock: 1,
    ...overrides,
  });

  const create = async (overrides: Partial<WatchInput> = {}) => {
    const watch = await stores.catalog.create(input(overrides));
    made.push(watch.id);
    return watch;
  };

  const ofRun = async (list: Promise<{ id: string; brand: string }[]>) =>
    (await list).filter((watch) => watch.brand.startsWith(`Contract ${run}`)).map((watch) => watch.id);

  beforeAll(async () => {
    stores = await target.open();
  });

  afterAll(async () => {
    for (const id of made) await stores?.catalog.remove(id);
  });

  it('adds a watch, normalised, and reads it back', async () => {
    const watch = await create({
      brand: `  ${brandOf('Add')}  `,
      image_urls: ['', ' https://images.example.com/a.jpg ', '  '],
      features: ['  Chronograph ', '', 'Date'],
      specs: { movement: '', strap: 'Steel' },
      reference: ' 5711 ',
    });
    expect(watch).toMatchObject({
      brand: brandOf('Add'),
      image_urls: ['https://images.example.com/a.jpg'],
      features: ['Chronograph', 'Date'],
      specs: { strap: 'Steel' },
      reference: '5711',
      price_eur: 1400,
      price_sol: 10,
      stock: 1,
      featured: false,
    });
    expect(watch.specs).not.toHaveProperty('movement');
    expect(Date.parse(watch.created_at)).not.toBeNaN();
    expect(await stores.catalog.get(watch.id)).toEqual(watch);
  });

  it('lists every watch by brand ascending, then newest first', async () => {
    const b1 = await create({ brand: brandOf('B'), model: 'older' });
    const a = await create({ brand: brandOf('A') });
    const b2 = await create({ brand: brandOf('B'), model: 'newer', stock: 0 });
    const ids = await ofRun(stores.catalog.listAll());
    const order = [a.id, b2.id, b1.id];
    expect(ids.filter((id) => order.includes(id))).toEqual(order);
  });

  it('lists featured watches: available and featured, newest per brand, newest first', async () => {
    const brand = brandOf('Feat');
    const otherBrand = brandOf('Feat2');
    await create({ brand, featured: true, model: 'older featured' });
    await create({ brand, featured: false, model: 'newer plain' });
    const newest = await create({ brand, featured: true, model: 'newest featured' });
    await create({ brand, featured: true, stock: 0, model: 'sold out featured' });
    const other = await create({ brand: otherBrand, featured: true });
    const ids = await ofRun(stores.catalog.listFeatured());
    expect(ids).toEqual([other.id, newest.id]);
  });

  it('updates every field of a watch', async () => {
    const watch = await create({ brand: brandOf('Edit') });
    const updated = await stores.catalog.update(
      watch.id,
      input({ brand: brandOf('Edit'), model: 'Renamed', price_sol: 12.5, price_eur: 1750, featured: true, features: ['New'], stock: 3 }),
      watch.stock,
    );
    expect(updated).toMatchObject({ id: watch.id, model: 'Renamed', price_sol: 12.5, price_eur: 1750, featured: true, features: ['New'], stock: 3 });
    expect(updated?.created_at).toBe(watch.created_at);
    expect(await stores.catalog.update(randomUUID(), input(), 1)).toBeNull();
    expect(await stores.catalog.update('not-an-id', input(), 1)).toBeNull();
  });

  it('of two edits begun from the same stock and saved at once, saves one and refuses the other', async () => {
    const watch = await create({ brand: brandOf('Two editors'), stock: 1 });
    const results = await Promise.allSettled([
      stores.catalog.update(watch.id, input({ brand: watch.brand, stock: 2 }), 1),
      stores.catalog.update(watch.id, input({ brand: watch.brand, stock: 3 }), 1),
    ]);
    const saved = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    expect(saved).toHaveLength(1);
    expect(refused).toEqual([expect.any(StockChangedError)]);
    expect((refused[0] as StockChangedError).current).toEqual(saved[0]);
    expect(await stores.catalog.get(watch.id)).toEqual(saved[0]);
  });

  it('flips featured and availability, and finds no unknown watch', async () => {
    const watch = await create({ brand: brandOf('Flags') });
    expect((await stores.catalog.toggleFeatured(watch.id))?.featured).toBe(true);
    expect((await stores.catalog.toggleFeatured(watch.id))?.featured).toBe(false);
    expect((await stores.catalog.setAvailable(watch.id, false))?.available).toBe(false);
    expect((await stores.catalog.setAvailable(watch.id, true))?.available).toBe(true);
    expect(await stores.catalog.toggleFeatured(randomUUID())).toBeNull();
    expect(await stores.catalog.setAvailable('1; drop table watches', false)).toBeNull();
    expect(await stores.catalog.get('not-an-id')).toBeNull();
  });

  it('deletes a watch once', async () => {
    const watch = await create({ brand: brandOf('Delete') });
    expect(await stores.catalog.remove(watch.id)).toBe(true);
    expect(await stores.catalog.get(watch.id)).toBeNull();
    expect(await stores.catalog.remove(watch.id)).toBe(false);
  });

  it.each([
    ['a negative price', { price_sol: -1 }, 'Prices cannot be negative'],
    ['no image URL', { image_urls: [' ', ''] }, 'At least one image URL is required'],
    ['a javascript: image URL', { image_urls: ['javascript:alert(1)'] }, 'Image URLs must start with http:// or https://'],
    ['a protocol-relative image URL', { image_urls: ['//evil.example/x.png'] }, 'Image URLs must start with http:// or https://'],
    ['a blank model', { model: '   ' }, 'Brand, model, and description are required'],
    ['a missing SOL price', { price_sol: Number.NaN }, 'Both EUR and SOL prices are required'],
  ])('refuses %s with a clear error and writes nothing', async (_, overrides, message) => {
    const brand = brandOf('Bad');
    const before = await stores.catalog.listAll();
    await expect(stores.catalog.create(input({ brand, ...overrides }))).rejects.toThrow(new WatchValidationError(message));
    const existing = await create({ brand: brandOf('Bad existing') });
    await expect(stores.catalog.update(existing.id, input({ ...overrides }), existing.stock)).rejects.toThrow(message);
    expect(await stores.catalog.get(existing.id)).toEqual(existing);
    expect((await stores.catalog.listAll()).length).toBe(before.length + 1);
  });

  describe('orders', () => {
    const order = async (overrides: Partial<OrderInput> = {}): Promise<OrderInput> => {
      const watch = await create({ brand: brandOf('Sold') });
      return orderFixture(watch, { wallet: base58(44), ...overrides });
    };

    it('stores an order once, however often it is placed', async () => {
      const placed = await order();
      const first = await stores.orders.place(placed);
      expect(first.created).toBe(true);
      expect(first.order).toMatchObject({ ...placed, status: 'simulated' });
      const again = await stores.orders.place({ ...placed, name: 'Someone Else' });
      expect(again).toEqual({ order: first.order, created: false });
      expect((await stores.orders.list()).filter((listed) => listed.txHash === placed.txHash)).toHaveLength(1);
      expect(await stores.orders.findByTxHash(placed.txHash)).toEqual(first.order);
      expect(await stores.orders.findByTxHash(base58(88))).toBeNull();
    });

    it('lists orders newest first', async () => {
      const older = (await stores.orders.place(await order())).order;
      const newer = (await stores.orders.place(await order())).order;
      const ids = (await stores.orders.list()).map((listed) => listed.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    });

    it('refuses a malformed order and stores nothing', async () => {
      const placed = await order({ email: 'no-at-sign', txHash: base58(88) });
      await expect(stores.orders.place(placed)).rejects.toThrow(OrderValidationError);
      await expect(stores.orders.place({ ...placed, email: 'a@b.c', wallet: '0OIl' })).rejects.toThrow(
        'wallet must be a base58 Solana address',
      );
      expect((await stores.orders.list()).some((listed) => listed.txHash === placed.txHash)).toBe(false);
    });
  });

  describe('payment intents', () => {
    const intent = async (overrides: Partial<PaymentIntentInput> = {}): Promise<PaymentIntentInput> =>
      intentInput(await create({ brand: brandOf('Intent') }), { lamports: 12_500_000_001n, ...overrides });

    it('stores an intent as a pending order with its exact lamports, and reads it back by id', async () => {
      const input = await intent();
      const order = await placedIntent(stores.orders, input);
      expect(order).toMatchObject({
        status: 'pending',
        txHash: null,
        lamports: '12500000001',
        reference: input.reference,
        expiresAt: input.expiresAt.toISOString(),
        refundDue: false,
        certificateMint: null,
      });
      expect(await stores.orders.get(order.id)).toEqual(order);
      expect(await stores.orders.get(randomUUID())).toBeNull();
    });

    it('refuses an edit begun before the last piece sold: the sale stands, and the edit saves once it starts from it', async () => {
      const watch = await create({ brand: brandOf('Edited while sold'), stock: 1 });
      const order = await placedIntent(stores.orders, intentInput(watch));
      await stores.orders.settle(order.id, { status: 'paid', txHash: base58(88), wallet: base58(44), paidAt: new Date() });
      const sold = await stores.catalog.get(watch.id);
      expect(sold).toMatchObject({ stock: 0 });

      // The operator opened the edit when one piece was left, and saves it as typed then.
      const stale = stores.catalog.update(watch.id, input({ brand: watch.brand, model: 'Renamed', stock: 1 }), 1);
      await expect(stale).rejects.toThrow(StockChangedError);
      await expect(stale).rejects.toMatchObject({ current: sold });
      expect(await stores.catalog.get(watch.id)).toEqual(sold);

      const saved = await stores.catalog.update(watch.id, input({ brand: watch.brand, model: 'Renamed', stock: 0 }), 0);
      expect(saved).toMatchObject({ model: 'Renamed', stock: 0 });
    });

    it('settles a pending order once: a second settlement of any kind finds nothing to settle', async () => {
      const order = await placedIntent(stores.orders, await intent());
      const payer = base58(44);
      const paid = await stores.orders.settle(order.id, { status: 'paid', txHash: base58(88), wallet: payer, paidAt: new Date() });
      expect(paid).toMatchObject({ status: 'paid', wallet: payer });
      expect(paid?.paidAt).not.toBeNull();
      expect(await stores.orders.settle(order.id, { status: 'failed', txHash: null, failure: 'late news' })).toBeNull();
      expect(await stores.orders.settle(order.id, { status: 'expired', txHash: base58(88), refundDue: true })).toBeNull();
      expect(await stores.orders.get(order.id)).toEqual(paid);
    });

    it('lets one transaction pay one order only', async () => {
      const txHash = base58(88);
      const first = await placedIntent(stores.orders, await intent());
      const second = await placedIntent(stores.orders, await intent());
      await stores.orders.settle(first.id, { status: 'paid', txHash, wallet: base58(44), paidAt: new Date() });
      await expect(stores.orders.settle(second.id, { status: 'paid', txHash, wallet: base58(44), paidAt: new Date() })).rejects.toThrow(
        TransactionAlreadyUsedError,
      );
      expect((await stores.orders.get(second.id))?.status).toBe('pending');
    });

    it('records a payment that arrives after the intent expired as a refund due', async () => {
      const order = await placedIntent(stores.orders, await intent());
      await stores.orders.settle(order.id, { status: 'expired', txHash: null, refundDue: false });
      const txHash = base58(88);
      const late = await stores.orders.settle(order.id, { status: 'expired', txHash, refundDue: true });
      expect(late).toMatchObject({ status: 'expired', txHash, refundDue: true });
      expect(await stores.orders.settle(order.id, { status: 'expired', txHash: base58(88), refundDue: true })).toBeNull();
    });

    it('records a certificate mint once, on a paid order only', async () => {
      const order = await placedIntent(stores.orders, await intent());
      const mint = base58(44);
      expect(await stores.orders.recordCertificate(order.id, mint)).toBeNull();
      await settledFinal(stores.orders, order.id, { status: 'paid', txHash: base58(88), wallet: base58(44), paidAt: new Date() });
      expect((await stores.orders.recordCertificate(order.id, mint))?.certificateMint).toBe(mint);
      expect((await stores.orders.recordCertificate(order.id, mint))?.certificateMint).toBe(mint);
      expect(await stores.orders.recordCertificate(order.id, base58(44))).toBeNull();
    });

    it('finds an order by its certificate, and lists only the orders a wallet is proven for, newest first', async () => {
      const buyer = base58(44);
      const older = await placedIntent(stores.orders, await intent({ wallet: buyer }));
      // Held by another signed-in wallet and paid from the buyer's phone: the payer's once settled.
      const fromPhone = await placedIntent(stores.orders, await intent({ wallet: base58(44) }));
      await placedIntent(stores.orders, await intent({ wallet: base58(44) }));
      // A simulated order typed with the buyer's wallet by someone not signed in as it is not theirs.
      const watch = await create({ brand: brandOf('Proven') });
      const typed = await stores.orders.place(orderFixture(watch, { wallet: buyer }));
      expect(typed.order.wallet).toBe(buyer);
      expect((await stores.orders.listByWallet(buyer)).map((order) => order.id)).toEqual([older.id]);
      await settledFinal(stores.orders, fromPhone.id, { status: 'paid', txHash: base58(88), wallet: buyer, paidAt: new Date() });
      const signedIn = await stores.orders.place(orderFixture(watch, { wallet: buyer }), { walletSignedIn: true });
      expect((await stores.orders.listByWallet(buyer)).map((order) => order.id)).toEqual([signedIn.order.id, fromPhone.id, older.id]);

      const mint = base58(44);
      expect(await stores.orders.findByCertificateMint(mint)).toBeNull();
      await stores.orders.recordCertificate(fromPhone.id, mint);
      expect((await stores.orders.findByCertificateMint(mint))?.id).toBe(fromPhone.id);
    });
  });
}

runOnEveryStore(runContract);
