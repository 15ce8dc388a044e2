import { COLLECTOR_FIELDS } from '@/lib/catalog/collector';
import type { CatalogStore } from '@/lib/catalog/store';
import type { Watch, WatchInput } from '@/lib/catalog/types';
import type { OrderStore } from '@/lib/orders/store';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { HoldClient, HoldRules, Order, OrderSettlement, PaymentIntentInput } from '@/lib/orders/types';
import { orderFixture } from './purchase-fixtures';
import { base58, type Stores, type Target } from './store-targets';

/** A payment intent the test needs placed: its pending order, or a failure naming the refusal. */
export async function placedIntent(orders: OrderStore, input: PaymentIntentInput): Promise<Order> {
  const outcome = await orders.createIntent(input);
  if (!('placed' in outcome)) throw new Error(`The intent was refused: ${outcome.refused}`);
  return outcome.placed;
}

/**
 * A settlement whose payment the cluster then finalized, as the worker records it: the certificate,
 * order.paid, shipping and refunds wait for that (lib/checkout/server/finality.ts).
 */
export async function settledFinal(orders: OrderStore, id: string, settlement: OrderSettlement): Promise<Order | null> {
  const settled = await orders.settle(id, settlement);
  if (!settled?.txHash) return settled;
  return (await orders.finalizePayment(id, settled.txHash)) ?? settled;
}

/**
 * A watch of a contract suite's own, priced 10 SOL, that the suite removes afterwards; every order
 * of the suite is for it, so it has the pieces for them.
 */
export const createContractWatch = (catalog: CatalogStore, brand: string, suite: string, overrides: Partial<WatchInput> = {}) =>
  catalog.create({
    brand,
    model: 'Reference One',
    description: `A watch made by the ${suite} contract suite.`,
    image_urls: ['/images/watch-placeholder.svg'],
    price_eur: 1400,
    price_sol: 10,
    specs: {},
    features: [],
    featured: false,
    stock: 1000,
    ...overrides,
  });

/**
 * A contract suite on one store target: its stores (open once the suite starts) and watches of its
 * own, made by `watchWith` and removed when the suite ends.
 */
export function contractSuite(target: Target, brand: string, suite: string) {
  const made: string[] = [];
  const opened: { stores: Stores } = { stores: undefined as unknown as Stores };
  beforeAll(async () => {
    opened.stores = await target.open();
  });
  afterAll(async () => {
    for (const id of made) await opened.stores?.catalog.remove(id);
  });
  const watchWith = async (stock: number, overrides: Partial<WatchInput> = {}): Promise<Watch> => {
    const watch = await createContractWatch(opened.stores.catalog, brand, suite, { model: `Piece ${made.length}`, stock, ...overrides });
    made.push(watch.id);
    return watch;
  };
  return { opened, watchWith };
}

/** Gives a catalogue watch `stock` pieces, for suites that sell it many times over. */
export async function restock(catalog: CatalogStore, watch: Watch, stock: number): Promise<Watch> {
  const { brand, model, description, image_urls, price_eur, price_sol, specs, features, featured } = watch;
  // The collector's data as it was: an edit that leaves it out clears it.
  const collector = Object.fromEntries(COLLECTOR_FIELDS.map((field) => [field, watch[field]]));
  const saved = await catalog.update(
    watch.id,
    { brand, model, description, image_urls, price_eur, price_sol, specs, features, featured, stock, ...collector },
    watch.stock,
  );
  if (!saved) throw new Error(`No watch ${watch.id} to restock`);
  return saved;
}

/** A client of its own (hashes of an address and a network no other intent shares). */
export const anyClient = (): HoldClient => ({ addressHash: randomBytes(32).toString('hex'), networkHash: randomBytes(32).toString('hex') });

/** Bounds no suite about something else reaches; the cooldown as the shop has it. */
export const ROOMY_RULES: HoldRules = { perAddress: 1000, perNetwork: 1000, cooldownSeconds: 600 };

/** A buyer's payment intent for `watch` (the purchase fixture's buyer), ten minutes to pay, with `overrides` applied. */
export function intentInput(
  watch: { id: string; brand: string; model: string; price_sol: number },
  overrides: Partial<PaymentIntentInput> = {},
): PaymentIntentInput {
  const { wallet, usdAmount, solAmount, name, phone, email, address, watch: sold } = orderFixture(watch, { wallet: base58(44) });
  return {
    wallet,
    walletSignedIn: true,
    usdAmount,
    solAmount,
    name,
    phone,
    email,
    address,
    watch: sold,
    lamports: 10_000_000_000n,
    reference: base58(44),
    expiresAt: new Date(Date.now() + 600_000),
    client: anyClient(),
    rules: ROOMY_RULES,
    ...overrides,
  };
}

/** A final payment of `wallet` for `watch` (10 SOL, or the token amount given), paid now. */
export async function paidFinalOrder(
  orders: OrderStore,
  watch: { id: string; brand: string; model: string; price_sol: number },
  wallet: string,
  token?: PaymentIntentInput['token'],
): Promise<Order> {
  const intent = await placedIntent(orders, intentInput(watch, { wallet, name: 'Ada Lovelace', ...(token ? { token } : {}) }));
  return (await settledFinal(orders, intent.id, { status: 'paid', txHash: base58(88), wallet, paidAt: new Date() }))!;
}
