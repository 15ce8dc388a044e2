import { randomUUID } from 'node:crypto';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Watch } from '@/lib/catalog/types';
import type { AuditActor } from '@/lib/db/audit-actor';
import type { Order, PaymentIntentInput } from '@/lib/orders/types';
import { cancelPayment, CANCELLED_BY_BUYER, settlePayment } from '@/lib/checkout/server/settle';
import { createTestMint, freshKey, fundTokens, sendPayment, sendTokenPayment } from '../support/chain-payments';
import { createContractWatch, intentInput, placedIntent } from '../support/intents';
import { startLocalChain, type LocalChain } from '../support/local-chain';
import { runOnEveryStore, type Stores, type Target } from '../support/store-targets';

/**
 * Issue 47, part 6: what a stranger who saw an order's QR code can do to it, on every store, with
 * real transfers on the local chain. The QR code shows the reference and its memo the order's id;
 * neither proves anything. A verify hint naming a transaction of the stranger's that carries the
 * reference but pays the wrong amount, to the wrong wallet, in the wrong token or nothing fails
 * nothing: the order stays payable and the buyer's payment still settles it. A cancel by anyone but
 * the intent's wallet or staff changes nothing.
 */

const PRICE = 2n * BigInt(LAMPORTS_PER_SOL) + 123n;
/** 5 USDC, in base units. */
const USDC_PRICE = 5_000_000n;

let chain: LocalChain;
let connection: Connection;
let merchant: PublicKey;
let usdc: PublicKey;
let otherToken: PublicKey;
const buyer = Keypair.generate();
const stranger = Keypair.generate();
/** A wallet with too little to pay: its payment fails on chain. */
const poor = Keypair.generate();

beforeAll(async () => {
  chain = await startLocalChain();
  connection = new Connection(chain.url, 'confirmed');
  merchant = freshKey();
  const authority = Keypair.generate();
  await chain.airdrop(merchant, BigInt(LAMPORTS_PER_SOL));
  await chain.airdrop(authority.publicKey, 10n * BigInt(LAMPORTS_PER_SOL));
  await chain.airdrop(buyer.publicKey, 1_000n * BigInt(LAMPORTS_PER_SOL));
  await chain.airdrop(stranger.publicKey, 1_000n * BigInt(LAMPORTS_PER_SOL));
  await chain.airdrop(poor.publicKey, BigInt(LAMPORTS_PER_SOL));
  usdc = await createTestMint(connection, authority);
  otherToken = await createTestMint(connection, authority);
  for (const owner of [buyer.publicKey, stranger.publicKey]) {
    for (const mint of [usdc, otherToken]) await fundTokens(connection, { mint, authority, owner, amount: 1_000n * USDC_PRICE });
  }
});

afterAll(() => chain?.close());

type Attack = (order: Order) => Promise<string>;
const referenceOf = (order: Order) => new PublicKey(order.reference!);

/** The stranger's transactions, each carrying the order's reference, none paying the order. */
const SOL_ATTACKS: [string, Attack][] = [
  ['one lamport short', (order) => sendPayment(connection, { payer: stranger, recipient: merchant, lamports: PRICE - 1n, reference: referenceOf(order) })],
  ['the full amount to another wallet', (order) => sendPayment(connection, { payer: stranger, recipient: freshKey(), lamports: PRICE, reference: referenceOf(order) })],
  ['nothing (zero lamports to itself)', (order) => sendPayment(connection, { payer: stranger, recipient: stranger.publicKey, lamports: 0n, reference: referenceOf(order) })],
  ['USDC instead of SOL', (order) => sendTokenPayment(connection, { payer: stranger, mint: usdc, recipient: merchant, amount: USDC_PRICE, reference: referenceOf(order), createRecipientAccount: true })],
  [
    'a transfer that failed on chain',
    (order) => sendPayment(connection, { payer: poor, recipient: merchant, lamports: PRICE, reference: referenceOf(order), skipPreflight: true }),
  ],
];
const USDC_ATTACKS: [string, Attack][] = [
  ['one base unit short', (order) => sendTokenPayment(connection, { payer: stranger, mint: usdc, recipient: merchant, amount: USDC_PRICE - 1n, reference: referenceOf(order), createRecipientAccount: true })],
  [
    'another token of the same decimals',
    (order) => sendTokenPayment(connection, { payer: stranger, mint: otherToken, recipient: merchant, amount: USDC_PRICE, reference: referenceOf(order), createRecipientAccount: true }),
  ],
  ['SOL instead of USDC', (order) => sendPayment(connection, { payer: stranger, recipient: merchant, lamports: PRICE, reference: referenceOf(order) })],
  [
    'the USDC to another wallet',
    (order) => sendTokenPayment(connection, { payer: stranger, mint: usdc, recipient: freshKey(), amount: USDC_PRICE, reference: referenceOf(order), createRecipientAccount: true }),
  ],
];

function runContract(target: Target) {
  const run = randomUUID().slice(0, 8);
  let stores: Stores;
  let watch: Watch;

  beforeAll(async () => {
    stores = await target.open();
    watch = await createContractWatch(stores.catalog, `Stranger ${run}`, 'QR stranger');
  });

  afterAll(async () => {
    if (watch) await stores.catalog.remove(watch.id);
  });

  const deps = () => ({ orders: stores.orders, chain: connection, merchant });
  const intent = (overrides: Partial<PaymentIntentInput> = {}) =>
    placedIntent(
      stores.orders,
      intentInput(watch, { wallet: buyer.publicKey.toBase58(), reference: freshKey().toBase58(), lamports: PRICE, expiresAt: new Date(Date.now() + 600_000), ...overrides }),
    );
  const usdcIntent = () => intent({ token: { currency: 'USDC', amount: USDC_PRICE, mint: usdc.toBase58() } });
  const stateOf = async (order: Order) => {
    const now = await stores.orders.get(order.id);
    return { status: now?.status, txHash: now?.txHash, failure: now?.failure ?? null };
  };
  const pending = { status: 'pending', txHash: null, failure: null };

  it.each([...SOL_ATTACKS.map(([name, attack]) => [`a SOL intent, ${name}`, attack, false] as const), ...USDC_ATTACKS.map(([name, attack]) => [`a USDC intent, ${name}`, attack, true] as const)])(
    "a stranger's hint (%s) fails nothing: the order stays payable and the buyer's payment settles it",
    async (_, attack, inUsdc) => {
      const order = await (inUsdc ? usdcIntent() : intent());
      const hint = await attack(order);
      expect(await settlePayment(order.id, hint, deps())).toMatchObject({ status: 'pending', txHash: null });
      expect(await stateOf(order)).toEqual(pending);

      const paid = inUsdc
        ? await sendTokenPayment(connection, { payer: buyer, mint: usdc, recipient: merchant, amount: USDC_PRICE, reference: referenceOf(order), createRecipientAccount: true })
        : await sendPayment(connection, { payer: buyer, recipient: merchant, lamports: PRICE, reference: referenceOf(order) });
      // The stranger hints again, alongside the buyer: the buyer's payment is the one found.
      expect(await settlePayment(order.id, hint, deps())).toMatchObject({ status: 'paid', txHash: paid, wallet: buyer.publicKey.toBase58() });
    },
  );

  it("still fails an order on its own buyer's hint of a transfer that does not pay it, and says why", async () => {
    const order = await intent();
    const short = await sendPayment(connection, { payer: buyer, recipient: merchant, lamports: PRICE - 1n, reference: referenceOf(order) });
    expect(await settlePayment(order.id, short, deps())).toMatchObject({ status: 'failed', failure: `The transaction paid ${PRICE - 1n} lamports to the shop, not the ${PRICE} asked.` });
  });

  it('lets nobody but its wallet or staff cancel an intent: a stranger, a signed-out caller or another wallet changes nothing and learns nothing', async () => {
    const order = await intent();
    const strangers = [{ wallet: null, staff: null }, { wallet: stranger.publicKey.toBase58(), staff: null }];
    for (const by of strangers) {
      expect(await cancelPayment(order.id, by, deps())).toBeNull();
      // As for an id that is no payment: the answer does not say the order exists.
      expect(await cancelPayment(randomUUID(), by, deps())).toBeNull();
    }
    expect(await stateOf(order)).toEqual(pending);

    expect(await cancelPayment(order.id, { wallet: buyer.publicKey.toBase58(), staff: null }, deps())).toMatchObject({ status: 'failed', failure: CANCELLED_BY_BUYER });
    // The buyer's own cancel is no staff action: nothing on the trail.
    expect(await stores.audit.page({ subject: `order:${order.id}`, limit: 10 })).toEqual([]);
  });

  it("lets staff give up another wallet's intent, on the trail as theirs", async () => {
    const order = await intent();
    const member: AuditActor = { id: randomUUID(), name: 'Fulfilment Fay', address: '203.0.113.7' };
    expect(await cancelPayment(order.id, { wallet: stranger.publicKey.toBase58(), staff: member }, deps())).toMatchObject({ status: 'failed' });
    const [line] = await stores.audit.page({ subject: `order:${order.id}`, limit: 10 });
    expect(line).toMatchObject({ actorId: member.id, actor: 'Fulfilment Fay', kind: 'order.update', before: { status: 'pending' }, after: { status: 'failed' } });
  });
}

runOnEveryStore(runContract);
