import { randomUUID } from 'node:crypto';
import { TOKEN_2022_PROGRAM_ID, getMint } from '@solana/spl-token';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
// Recorded by the stand-in for Next's cache (tests/support/next-cache.ts).
import { revalidateTag } from 'next/cache';
import { POST as createIntent } from '@/app/api/payments/route';
import { POST as settleRoute } from '@/app/api/jobs/settle/route';
import { POST as cancelIntent } from '@/app/api/payments/[id]/cancel/route';
import { parseAuthorityKey } from '@/lib/certificate/authority';
import { createCertificateMinter } from '@/lib/certificate/mint';
import type { Watch } from '@/lib/catalog/types';
import { openEmbeddedDatabase } from '@/lib/db/embedded';
import { createSupabaseClients } from '@/lib/db/supabase';
import { runBackgroundWork } from '@/lib/jobs/background-work';
import { loopbackSecret } from '@/lib/jobs/loopback-secret';
import { mintDueCertificates } from '@/lib/jobs/mint-certificates';
import { finalizeDuePayments, settleDuePayments } from '@/lib/jobs/settle-payments';
import { createSupabaseOrderStore } from '@/lib/orders/supabase-store';
import { orderView } from '@/lib/orders/order-view';
import { moveRefusal } from '@/lib/orders/fulfilment';
import type { OrderStore } from '@/lib/orders/store';
import type { PaymentIntentResponse } from '@/lib/checkout/api';
import { DROPPED_AFTER_MS } from '@/lib/checkout/server/finality';
import { certificateUri } from '@/lib/certificate/runtime';
import { paymentStatus } from '@/lib/checkout/server/settle';
import { getStores } from '@/lib/shop/stores';
import { sendPayment } from '../support/chain-payments';
import type { LocalChain } from '../support/local-chain';
import { startPaymentsShop, type PaymentsShop } from '../support/payments-shop';
import { createPostgrestStandIn } from '../support/postgrest-stand-in';
import { cancelRequest, signedInPost } from '../support/wallet-session';

/**
 * The settlement worker on a real embedded database and a local Solana chain (litesvm behind
 * JSON-RPC, standing in for Devnet): payments nobody verifies are settled and certified, lapsed
 * holds released, a failing RPC node only delays, and two workers on one database settle and mint
 * each order once.
 */

const shipping = { fullName: 'Ada Lovelace', phone: '+44 20 7946 0000', email: 'ada@example.com', address: '12 St James Square, London' };

let shop: PaymentsShop;
let chain: LocalChain;
let connection: Connection;
let dataDir: string;
let merchant: PublicKey;
let buyer: Keypair;
let authority: Keypair;
const forgetRuntime = () => shop.forgetRuntime();

beforeAll(async () => {
  shop = await startPaymentsShop(150, 'orx-worker-');
  ({ chain, connection, dataDir, merchant, buyer, authority } = shop);
  delete process.env.CRON_SECRET;
});

afterAll(() => shop.close());

beforeEach(() => vi.mocked(revalidateTag).mockClear());

const onePieceWatch = (stock = 1): Promise<Watch> =>
  getStores().catalog.create({
    brand: 'Worker',
    model: `Piece ${randomUUID().slice(0, 8)}`,
    description: 'A watch made by the worker suite.',
    image_urls: ['/images/watch-placeholder.svg'],
    price_eur: 140,
    price_sol: 1,
    specs: {},
    features: [],
    featured: false,
    stock,
  });

/**
 * An intent asked for by a browser signed in as its wallet (wallet null: another buyer's browser,
 * paying from a phone, with a wallet funded to pay: only such a wallet holds a piece).
 */
async function post(body: { wallet: string | null } & Record<string, unknown>) {
  const other = Keypair.generate().publicKey;
  if (body.wallet === null) await chain.airdrop(other, 10n * BigInt(LAMPORTS_PER_SOL));
  return signedInPost('http://shop.test/api/payments', body, body.wallet ?? other.toBase58());
}

async function startPayment(watch: Watch): Promise<PaymentIntentResponse> {
  const response = await createIntent(await post({ watchId: watch.id, wallet: buyer.publicKey.toBase58(), shipping }));
  expect(response.status).toBe(201);
  return (await response.json()) as PaymentIntentResponse;
}

const cancelPost = (orderId: string) => cancelRequest(orderId, buyer.publicKey.toBase58());

const pay = (intent: PaymentIntentResponse) =>
  sendPayment(connection, { payer: buyer, recipient: new PublicKey(intent.recipient), lamports: BigInt(intent.lamports), reference: new PublicKey(intent.reference) });

const orderOf = async (intent: PaymentIntentResponse) => (await getStores().orders.get(intent.orderId))!;

const eventsOf = async (orderId: string) => (await getStores().events.forOrder(orderId)).map((event) => event.type);

describe('paid is final only at finalized (issue 35)', () => {
  it('keeps a confirmed payment confirming: its piece is the buyer\'s, but no certificate, confirmation or shipping until the cluster finalizes it', async () => {
    const watch = await onePieceWatch();
    const intent = await startPayment(watch);
    await chain.holdFinality(intent.reference, true);
    try {
      const signature = await pay(intent);
      await runBackgroundWork();
      const confirming = await orderOf(intent);
      expect(confirming).toMatchObject({ status: 'paid', txHash: signature, finalizedAt: null, certificateMint: null });
      expect(orderView(confirming).statusLabel).toBe('Payment received — confirming');
      expect(paymentStatus(confirming).status).toBe('confirming');
      expect(await getStores().catalog.get(watch.id)).toMatchObject({ stock: 0 });
      expect(await eventsOf(confirming.id)).not.toContain('order.paid');
      expect(moveRefusal(confirming, 'shipped', 'solana')).toBe('The payment is not final yet: the network is still confirming it. Try again in a minute.');
      const move = { from: 'paid', to: 'shipped', trackingReference: 'TRACK-0001' } as const;
      expect(await getStores().orders.move(confirming.id, move, 'operator')).toBeNull();
      // The worker does not even try to mint it: a certificate is permanent.
      const minting: string[] = [];
      await mintDueCertificates({
        orders: getStores().orders,
        certificateUri,
        mint: async ({ orderId }) => {
          minting.push(orderId);
          throw new Error('a payment that is not final is never certified');
        },
      });
      expect(minting).not.toContain(confirming.id);
      expect((await orderOf(intent)).certificateMint).toBeNull();
    } finally {
      await chain.holdFinality(intent.reference, false);
    }
    await runBackgroundWork();
    const final = await orderOf(intent);
    expect(final.finalizedAt).not.toBeNull();
    expect(final.certificateMint).not.toBeNull();
    expect(orderView(final).statusLabel).toBe('Paid');
    expect(await eventsOf(final.id)).toEqual(expect.arrayContaining(['order.paid', 'order.certified']));
  });

  it('undoes the sale of a payment the cluster dropped: the piece is for sale again, and nothing is certified or shipped', async () => {
    const watch = await onePieceWatch();
    const intent = await startPayment(watch);
    const { orders } = getStores();
    await chain.holdFinality(intent.reference, true);
    try {
      const signature = await pay(intent);
      await runBackgroundWork();
      expect(await orderOf(intent)).toMatchObject({ status: 'paid', finalizedAt: null });
      vi.mocked(revalidateTag).mockClear();
      await chain.dropTransaction(signature);
      // While the transaction could still land, the order waits.
      await finalizeDuePayments({ orders, chain: connection, merchant });
      expect(await orderOf(intent)).toMatchObject({ status: 'paid', txHash: signature });
      await finalizeDuePayments({ orders, chain: connection, merchant, now: () => Date.now() + DROPPED_AFTER_MS, onSale: () => revalidateTag('watches', { expire: 0 }) });
      expect(await orderOf(intent)).toMatchObject({
        status: 'failed',
        txHash: null,
        refundDue: false,
        certificateMint: null,
        failure: 'The network dropped the payment before it was final: no SOL was taken. Please pay again.',
      });
      expect(await getStores().catalog.get(watch.id)).toMatchObject({ stock: 1, available: true });
      expect(revalidateTag).toHaveBeenCalledWith('watches', { expire: 0 });
      expect(await eventsOf(intent.orderId)).toEqual([]);
    } finally {
      await chain.holdFinality(intent.reference, false);
    }
  });
});

describe('one pass of the background work', () => {
  it('settles a payment nobody verified and mints its certificate; the sold watch is sold out for the next shopper', async () => {
    const watch = await onePieceWatch();
    const intent = await startPayment(watch);
    const signature = await pay(intent);

    const reports = await runBackgroundWork();
    expect(reports.map(({ name, ok }) => [name, ok])).toEqual([
      ['settle-payments', true],
      ['finalize-payments', true],
      ['mint-certificates', true],
      ['settle-refunds', true],
      ['queue-watch-alerts', true],
      ['deliver-events', true],
      ['deliver-watch-alerts', true],
    ]);
    const order = await orderOf(intent);
    expect(order).toMatchObject({ status: 'paid', txHash: signature, wallet: buyer.publicKey.toBase58(), certificateFailure: null });
    const onChain = await getMint(connection, new PublicKey(order.certificateMint!), 'confirmed', TOKEN_2022_PROGRAM_ID);
    expect(onChain.supply).toBe(1n);
    expect(await getStores().catalog.get(watch.id)).toMatchObject({ stock: 0, available: false });
    expect(revalidateTag).toHaveBeenCalledWith('watches', { expire: 0 });
  });

  it('releases the hold of an intent whose time ran out unpaid, without clearing the caches', async () => {
    const watch = await onePieceWatch();
    const intent = await startPayment(watch);
    const held = await createIntent(await post({ watchId: watch.id, wallet: null, shipping }));
    expect(held.status).toBe(409);

    const { orders } = getStores();
    const { connection: rpc, merchant: shop } = { connection, merchant };
    await settleDuePayments({ orders, chain: rpc, merchant: shop, now: () => new Date(intent.expiresAt).getTime() + 1000 });
    expect(await orderOf(intent)).toMatchObject({ status: 'expired', refundDue: false });
    expect(revalidateTag).not.toHaveBeenCalled();
    expect((await createIntent(await post({ watchId: watch.id, wallet: null, shipping }))).status).toBe(201);
  });

  it('keeps the order pending while the RPC node fails, and settles it at the first pass after it recovers', async () => {
    const watch = await onePieceWatch();
    const intent = await startPayment(watch);
    await pay(intent);
    process.env.SOLANA_RPC_URL = 'http://127.0.0.1:9';
    forgetRuntime();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const reports = await runBackgroundWork();
      // One order's failed lookup is logged; the pass itself goes on to the next job.
      expect(reports.every((report) => report.ok)).toBe(true);
      expect(errors.mock.calls.flat().join(' ')).toMatch(new RegExp(`order ${intent.orderId} could not be checked`));
      expect(errors.mock.calls.flat().join(' ')).not.toMatch(/Ada Lovelace|ada@example\.com|St James/);
      expect(await orderOf(intent)).toMatchObject({ status: 'pending', txHash: null });
    } finally {
      errors.mockRestore();
      process.env.SOLANA_RPC_URL = chain.url;
      forgetRuntime();
    }
    await runBackgroundWork();
    expect(await orderOf(intent)).toMatchObject({ status: 'paid' });
    expect((await orderOf(intent)).certificateMint).not.toBeNull();
  });

  it('shows a certificate that fails to mint to the operator with its reason, and mints it once the authority can pay', async () => {
    const poor = Keypair.generate();
    process.env.CERTIFICATE_AUTHORITY_KEY = JSON.stringify([...poor.secretKey]);
    forgetRuntime();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const watch = await onePieceWatch();
    const intent = await startPayment(watch);
    try {
      await pay(intent);
      await runBackgroundWork();
      const failed = await orderOf(intent);
      expect(failed).toMatchObject({ status: 'paid', certificateMint: null, certificateAttempts: 1 });
      expect(failed.certificateFailure).toBeTruthy();
      // Backed off: the next pass leaves it alone.
      await runBackgroundWork();
      expect((await orderOf(intent)).certificateAttempts).toBe(1);
    } finally {
      errors.mockRestore();
    }
    await chain.airdrop(poor.publicKey, BigInt(LAMPORTS_PER_SOL));
    // Time moved on past the back-off.
    await getStores().orders.releaseClaim(intent.orderId, 0);
    await runBackgroundWork();
    expect(await orderOf(intent)).toMatchObject({ certificateFailure: null, certificateAttempts: 1 });
    expect((await orderOf(intent)).certificateMint).not.toBeNull();
    process.env.CERTIFICATE_AUTHORITY_KEY = JSON.stringify([...authority.secretKey]);
    forgetRuntime();
  });
});

describe('two workers on one database', () => {
  it('settle each order once and mint each certificate once', async () => {
    const watch = await onePieceWatch(3);
    const intents = [await startPayment(watch), await startPayment(watch), await startPayment(watch)];
    for (const intent of intents) await pay(intent);

    // The second worker reaches the same database through the Supabase store (REST stand-in).
    const db = await openEmbeddedDatabase(dataDir);
    const keys = { anon: 'anon-test-key', serviceRole: 'service-role-test-key' };
    const clients = createSupabaseClients(
      { url: 'http://supabase.stand-in.test', anonKey: keys.anon, serviceRoleKey: keys.serviceRole },
      createPostgrestStandIn(db, keys).fetch,
    );
    const minted: string[] = [];
    const realMint = createCertificateMinter(connection, parseAuthorityKey(JSON.stringify([...authority.secretKey])));
    const settledBy: string[] = [];
    const counting = (orders: OrderStore, name: string): OrderStore => ({
      ...orders,
      settle: async (id, settlement) => {
        const settled = await orders.settle(id, settlement);
        if (settled?.status === 'paid') settledBy.push(`${name}:${id}`);
        return settled;
      },
    });
    const worker = async (orders: OrderStore) => {
      await settleDuePayments({ orders, chain: connection, merchant, onSale: () => {} });
      await mintDueCertificates({
        orders,
        certificateUri,
        mint: async (request) => {
          minted.push(request.orderId);
          return realMint(request);
        },
      });
    };
    await Promise.all([
      worker(counting(getStores().orders, 'embedded')),
      worker(counting(createSupabaseOrderStore(clients), 'supabase')),
    ]);

    const ids = intents.map((intent) => intent.orderId).sort();
    expect(settledBy.map((entry) => entry.split(':')[1]).sort()).toEqual(ids);
    expect([...minted].sort()).toEqual(ids);
    for (const intent of intents) expect((await orderOf(intent)).certificateMint).not.toBeNull();
    expect(await getStores().catalog.get(watch.id)).toMatchObject({ stock: 0, available: false });
  });
});

describe('POST /api/jobs/settle', () => {
  const call = (authorization?: string) =>
    settleRoute(new Request('http://shop.test/api/jobs/settle', { method: 'POST', headers: authorization ? { authorization } : {} }));
  const CRON_SECRET = 'cron-secret-for-the-worker-suite';

  it('does not exist without CRON_SECRET, except for the server’s own loop', async () => {
    delete process.env.CRON_SECRET;
    expect((await call()).status).toBe(404);
    expect((await call('Bearer anything-at-all')).status).toBe(404);
    const own = await call(`Bearer ${loopbackSecret()}`);
    expect(own.status).toBe(200);
    expect(((await own.json()) as { jobs: { name: string }[] }).jobs.map((job) => job.name)).toEqual([
      'settle-payments',
      'finalize-payments',
      'mint-certificates',
      'settle-refunds',
      'queue-watch-alerts',
      'deliver-events',
      'deliver-watch-alerts',
    ]);
  });

  it('runs a pass for the scheduler’s secret and answers 401 to any other header', async () => {
    process.env.CRON_SECRET = CRON_SECRET;
    try {
      expect((await call(`Bearer ${CRON_SECRET}`)).status).toBe(200);
      expect((await call()).status).toBe(401);
      expect((await call(CRON_SECRET)).status).toBe(401);
      expect((await call(`Basic ${CRON_SECRET}`)).status).toBe(401);
      expect((await call(`Bearer ${CRON_SECRET}x`)).status).toBe(401);
      expect((await call(`Bearer ${CRON_SECRET.slice(0, -1)}`)).status).toBe(401);
      await fc.assert(
        fc.asyncProperty(fc.string({ maxLength: 300 }), async (token) => {
          fc.pre(token.trim() !== CRON_SECRET);
          let header: string;
          try {
            header = new Headers({ authorization: `Bearer ${token}` }).get('authorization')!;
          } catch {
            return; // Not a header a client can send.
          }
          const response = await call(header);
          expect(response.status).toBe(401);
        }),
        { numRuns: 60 },
      );
    } finally {
      delete process.env.CRON_SECRET;
    }
  });
});

describe('POST /api/payments when no piece is free', () => {
  it('tells the buyer the piece is held by another buyer and when to try again, frees it when the holder gives up, and says sold out', async () => {
    const watch = await onePieceWatch();
    const intent = await startPayment(watch);
    const refused = await createIntent(await post({ watchId: watch.id, wallet: null, shipping }));
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: string; heldUntil: string };
    const retryAt = new Date(body.heldUntil);
    // The hold ends with the intent; the next pass (10 s) frees it; the time is rounded up to the minute.
    expect(retryAt.getTime()).toBeGreaterThanOrEqual(new Date(intent.expiresAt).getTime() + 10_000);
    expect(retryAt.getTime() - new Date(intent.expiresAt).getTime()).toBeLessThanOrEqual(70_000);
    expect(retryAt.getUTCSeconds()).toBe(0);
    const hhmm = `${String(retryAt.getUTCHours()).padStart(2, '0')}:${String(retryAt.getUTCMinutes()).padStart(2, '0')}`;
    expect(body.error).toBe(
      `This watch is held by another buyer who is paying for it. If their payment does not arrive, it is free again: please try again after ${hhmm} UTC.`,
    );

    // The holder's wallet declined: the page gives the intent up and the piece is free at once.
    const cancelled = await cancelIntent(await cancelPost(intent.orderId), { params: Promise.resolve({ id: intent.orderId }) });
    expect(await cancelled.json()).toMatchObject({ status: 'failed' });
    const next = await startPayment(watch);
    // Giving up an intent that was paid after all keeps the payment: it is settled, not cancelled.
    await pay(next);
    const paidAfterAll = await cancelIntent(await cancelPost(next.orderId), { params: Promise.resolve({ id: next.orderId }) });
    expect(await paidAfterAll.json()).toMatchObject({ status: 'paid' });
    expect(await getStores().catalog.get(watch.id)).toMatchObject({ stock: 0, available: false });

    await getStores().catalog.setAvailable(watch.id, false);
    const soldOut = await createIntent(await post({ watchId: watch.id, wallet: null, shipping }));
    expect(soldOut.status).toBe(409);
    expect(await soldOut.json()).toEqual({ error: 'This watch is sold out' });
  });
});
