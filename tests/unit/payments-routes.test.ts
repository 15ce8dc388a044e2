import { randomUUID } from 'node:crypto';
import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// Recorded by the stand-in for Next's cache (tests/support/next-cache.ts).
import { revalidateTag } from 'next/cache';
import { POST as createIntent } from '@/app/api/payments/route';
import { POST as verify } from '@/app/api/payments/[id]/verify/route';
import { POST as cancel } from '@/app/api/payments/[id]/cancel/route';
import { POST as certify } from '@/app/api/payments/[id]/certificate/route';
import { GET as qr } from '@/app/api/payments/[id]/qr/route';
import { GET as certificateJson } from '@/app/api/certificates/[id]/route';
import { getAdminCredentials } from '@/lib/auth/credentials';
import { createSessionCookie, newSessionToken, SESSION_COOKIE } from '@/lib/auth/session';
import type { Watch } from '@/lib/catalog/types';
import type { PaymentIntentResponse, PaymentStatusResponse } from '@/lib/checkout/api';
import { ANSWER_KEPT_MS } from '@/lib/checkout/server/check-once';
import { solToLamports } from '@/lib/chain/lamports';
import { PAYMENT_REQUEST_LIMITS } from '@/lib/checkout/server/request-limits';
import { settlePayment } from '@/lib/checkout/server/settle';
import { WALLET_SESSION_COOKIE } from '@/lib/sign-in/session';
import { getStores } from '@/lib/shop/stores';
import { sendPayment } from '../support/chain-payments';
import { staffCookie } from '../support/staff-session';
import { intentInput, placedIntent, restock } from '../support/intents';
import type { LocalChain } from '../support/local-chain';
import { startPaymentsShop, type PaymentsShop } from '../support/payments-shop';
import { cancelRequest, signedInPost } from '../support/wallet-session';

/**
 * The real checkout's routes on a real embedded database, paid on a local Solana runtime
 * (litesvm behind JSON-RPC, standing in for Devnet) and priced by the stand-in price service.
 */

const USD_PER_SOL = 150;

let shop: PaymentsShop;
let chain: LocalChain;
let connection: Connection;
let merchant: PublicKey;
let buyer: Keypair;
let watch: Watch;
let soldOut: Watch;

beforeAll(async () => {
  shop = await startPaymentsShop(USD_PER_SOL, 'orx-payments-');
  ({ chain, connection, merchant, buyer } = shop);
  const watches = await getStores().catalog.listAll();
  // The suite pays for this watch many times over: it has the pieces for it.
  watch = await restock(getStores().catalog, watches.find((candidate) => candidate.available && candidate.price_sol < 500)!, 1000);
  soldOut = watches.find((candidate) => !candidate.available)!;
});

afterAll(() => shop.close());

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const shipping = { fullName: 'Ada Lovelace', phone: '+44 20 7946 0000', email: 'ada@example.com', address: '12 St James Square, London' };

async function startPayment(body: Record<string, unknown> = {}): Promise<PaymentIntentResponse> {
  const response = await createIntent(await signedInPost('http://shop.test/api/payments', { watchId: watch.id, wallet: buyer.publicKey.toBase58(), shipping, ...body }, buyer.publicKey.toBase58()));
  expect(response.status).toBe(201);
  return (await response.json()) as PaymentIntentResponse;
}

async function verifyPayment(orderId: string, signature?: string): Promise<{ status: number; body: PaymentStatusResponse }> {
  const response = await verify(new Request(`http://shop.test/api/payments/${orderId}/verify`, json(signature ? { signature } : {})), params(orderId));
  return { status: response.status, body: (await response.json()) as PaymentStatusResponse };
}

const payIntent = (intent: PaymentIntentResponse, lamports = BigInt(intent.lamports)) =>
  sendPayment(connection, { payer: buyer, recipient: new PublicKey(intent.recipient), lamports, reference: new PublicKey(intent.reference) });

describe('POST /api/payments', () => {
  it('fixes the amount in lamports from the catalogue and the USD value from the server, whatever the client sends', async () => {
    const intent = await startPayment({ lamports: '1', usdAmount: 999_999_999, solAmount: 0.000001 });
    expect(intent).toMatchObject({ recipient: merchant.toBase58(), lamports: solToLamports(watch.price_sol).toString(), memo: intent.orderId });
    expect(new Date(intent.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(intent.solanaPayUrl).toMatch(new RegExp(`^solana:${merchant.toBase58()}\\?amount=[0-9.]+&reference=${intent.reference}&label=ORX&message=`));
    // SPEC's currency unless another is asked for: the amount is the SOL price, with no token.
    expect(intent).toMatchObject({ currency: 'SOL', amount: intent.amountSol });
    expect(intent).not.toHaveProperty('splToken');
    const order = await getStores().orders.get(intent.orderId);
    expect(order).toMatchObject({ status: 'pending', usdAmount: Math.round(watch.price_sol * USD_PER_SOL * 100) / 100, name: 'Ada Lovelace' });
  });

  it('gives every intent its own reference', async () => {
    const [first, second] = await Promise.all([startPayment(), startPayment()]);
    expect(first.reference).not.toBe(second.reference);
  });

  it.each([
    ['an unknown watch', () => ({ watchId: '00000000-0000-4000-8000-000000000000' }), 404, 'No watch with that id is in the catalogue'],
    ['a sold-out watch', () => ({ watchId: soldOut.id }), 409, 'This watch is sold out'],
    ['an email without @', () => ({ shipping: { ...shipping, email: 'ada.example.com' } }), 400, 'email must be a valid email address'],
    ['a wallet that is not an address', () => ({ wallet: '0xdeadbeef' }), 400, 'wallet must be a base58 Solana address'],
    ['USDC when the shop takes SOL only', () => ({ currency: 'USDC' }), 400, 'This shop takes SOL only.'],
    ['a currency the shop does not know', () => ({ currency: 'EUR' }), 400, 'currency must be SOL or USDC'],
  ])('refuses %s and stores nothing', async (_, change, status, error) => {
    const before = (await getStores().orders.list()).length;
    const response = await createIntent(await signedInPost('http://shop.test/api/payments', { watchId: watch.id, wallet: buyer.publicKey.toBase58(), shipping, ...change() }, buyer.publicKey.toBase58()));
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error });
    expect((await getStores().orders.list()).length).toBe(before);
  });
});

describe('POST /api/payments without a proven wallet', () => {
  const signInToBuy = {
    error: 'Sign in with your wallet to buy: the watch is held for you while you pay. Signing costs nothing and moves no SOL.',
    code: 'SIGN_IN_REQUIRED',
  };
  const ask = (headers: Record<string, string>, wallet: string | null = buyer.publicKey.toBase58()) =>
    createIntent(
      new NextRequest('http://shop.test/api/payments', { ...json({ watchId: watch.id, wallet, shipping }), headers: { 'content-type': 'application/json', ...headers } }),
    );

  it("holds nothing without a wallet session, with a forged one or with an operator's cookie, and says how to buy", async () => {
    const before = (await getStores().orders.list()).length;
    const operator = await createSessionCookie(newSessionToken().token, (await getAdminCredentials()).sessionSecret);
    const attempts: Record<string, string>[] = [{}, { cookie: `${WALLET_SESSION_COOKIE}=forged` }, { cookie: `${WALLET_SESSION_COOKIE}=${operator.value}` }, { 'x-wallet': buyer.publicKey.toBase58() }];
    for (const headers of attempts) {
      const response = await ask(headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(signInToBuy);
    }
    expect((await getStores().orders.list()).length).toBe(before);
  });

  it("holds for the signed-in wallet only: not for another wallet the page names, and the phone path holds for the session's", async () => {
    const signedIn = Keypair.generate().publicKey.toBase58();
    // A wallet that can pay: only such a wallet holds a piece (tests/unit/hold-routes.test.ts).
    await chain.airdrop(signedIn, solToLamports(watch.price_sol) * 2n);
    const before = (await getStores().orders.list()).length;
    const other = await createIntent(await signedInPost('http://shop.test/api/payments', { watchId: watch.id, wallet: buyer.publicKey.toBase58(), shipping }, signedIn));
    expect(other.status).toBe(401);
    expect(await other.json()).toEqual({ error: 'The connected wallet is not the one signed in. Sign in with it to buy.', code: 'SIGN_IN_REQUIRED' });
    expect((await getStores().orders.list()).length).toBe(before);

    const fromPhone = await createIntent(await signedInPost('http://shop.test/api/payments', { watchId: watch.id, wallet: null, shipping }, signedIn));
    expect(fromPhone.status).toBe(201);
    const { orderId } = (await fromPhone.json()) as PaymentIntentResponse;
    expect(await getStores().orders.get(orderId)).toMatchObject({ status: 'pending', wallet: signedIn });
  });
});

describe('POST /api/payments/{id}/verify', () => {
  it('stays pending until the payment is on chain, then marks the order paid by the transaction it found', async () => {
    const intent = await startPayment();
    expect((await verifyPayment(intent.orderId)).body).toMatchObject({ status: 'pending', signature: null });
    const before = await connection.getBalance(merchant);
    const signature = await payIntent(intent);
    // The buyer's page asks again 1.5 s later; what one look found is kept for less than that.
    await new Promise((resolve) => setTimeout(resolve, ANSWER_KEPT_MS));
    expect(await connection.getBalance(merchant)).toBe(before + Number(intent.lamports));
    const { status, body } = await verifyPayment(intent.orderId);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'paid', signature, refundDue: false, certificate: { status: 'pending', mint: null } });
    expect(await getStores().orders.get(intent.orderId)).toMatchObject({ status: 'paid', txHash: signature, wallet: buyer.publicKey.toBase58() });
  });

  it('never marks an order paid on a signature the client makes up', async () => {
    const intent = await startPayment();
    const madeUp = 'S'.repeat(88);
    const { body } = await verifyPayment(intent.orderId, madeUp);
    expect(body.status).toBe('pending');
    expect((await getStores().orders.get(intent.orderId))?.txHash).toBeNull();
  });

  it('does not let the transaction that paid one order pay another', async () => {
    const paid = await startPayment();
    const signature = await payIntent(paid);
    expect((await verifyPayment(paid.orderId)).body.status).toBe('paid');
    const other = await startPayment();
    expect((await verifyPayment(other.orderId, signature)).body).toMatchObject({ status: 'pending', signature: null });
  });

  it('fails the order when the transaction the buyer sent underpays it, and says so', async () => {
    const intent = await startPayment();
    const signature = await payIntent(intent, BigInt(intent.lamports) - 1n);
    const { body } = await verifyPayment(intent.orderId, signature);
    expect(body.status).toBe('failed');
    expect(body.message).toMatch(/^The transaction paid \d+ lamports to the shop, not the \d+ asked\./);
  });

  it('settles an order once when two servers verify it at the same time', async () => {
    const intent = await startPayment();
    const signature = await payIntent(intent);
    const answers = await Promise.all(Array.from({ length: 5 }, () => verifyPayment(intent.orderId)));
    expect(answers.map(({ body }) => [body.status, body.signature])).toEqual(Array(5).fill(['paid', signature]));
  });

  it('fails an order whose transaction already paid another, even when the store throws from another bundle', async () => {
    const intent = await startPayment();
    await payIntent(intent);
    const orders = getStores().orders;
    // The store's error as another server bundle builds it: the same name, another class.
    const FromAnotherBundle = class TransactionAlreadyUsedError extends Error {
      override name = 'TransactionAlreadyUsedError';
    };
    let thrown = false;
    const settle: typeof orders.settle = async (id, settlement) => {
      if (!thrown && settlement.status === 'paid') {
        thrown = true;
        throw new FromAnotherBundle('Transaction already paid another order');
      }
      return orders.settle(id, settlement);
    };
    const settled = await settlePayment(intent.orderId, undefined, { orders: { ...orders, settle }, chain: connection, merchant });
    expect(thrown).toBe(true);
    expect(settled).toMatchObject({ status: 'failed', failure: 'That transaction already paid another order.' });
  });

  it('expires an unpaid intent; a payment that still arrives within 2 minutes, at the current price, sells a piece while one is free', async () => {
    const intent = await startPayment();
    const afterExpiry = () => new Date(intent.expiresAt).getTime() + 1000;
    const deps = { orders: getStores().orders, chain: connection, merchant };
    expect(await settlePayment(intent.orderId, undefined, { ...deps, now: afterExpiry })).toMatchObject({ status: 'expired', txHash: null });
    expect((await qr(new Request('http://shop.test'), params(intent.orderId))).status).toBe(404);
    const signature = await payIntent(intent);
    const { body } = await verifyPayment(intent.orderId);
    expect(body).toMatchObject({ status: 'paid', signature, refundDue: false });
    expect(revalidateTag).toHaveBeenCalled();
  });

  it('never sells at an old price: an intent cancelled, the price tripled, the old amount paid is a refund due', async () => {
    const catalog = getStores().catalog;
    const other = (await catalog.listAll()).find((candidate) => candidate.available && candidate.id !== watch.id && candidate.price_sol < 500)!;
    const target = await restock(catalog, other, 1);
    const intent = await startPayment({ watchId: target.id });
    const cancelled = await cancel(await cancelRequest(intent.orderId, buyer.publicKey.toBase58()), params(intent.orderId));
    expect(await cancelled.json()).toMatchObject({ status: 'failed' });
    const { brand, model, description, image_urls, price_eur, price_sol, specs, features, featured, stock } = target;
    await catalog.update(target.id, { brand, model, description, image_urls, price_eur: price_eur * 3, price_sol: price_sol * 3, specs, features, featured, stock }, stock);

    const signature = await payIntent(intent);
    const { body } = await verifyPayment(intent.orderId, signature);
    expect(body).toMatchObject({ status: 'expired', signature, refundDue: true });
    expect(body.message).toMatch(/will be refunded/);
    expect(await catalog.get(target.id)).toMatchObject({ stock: 1, available: true });
  });

  it('keeps the order pending and answers 503 when the chain cannot be read', async () => {
    const intent = await startPayment();
    await payIntent(intent);
    process.env.SOLANA_RPC_URL = 'http://127.0.0.1:9';
    shop.forgetRuntime();
    try {
      const { status } = await verifyPayment(intent.orderId);
      expect(status).toBe(503);
      expect((await getStores().orders.get(intent.orderId))?.status).toBe('pending');
    } finally {
      process.env.SOLANA_RPC_URL = chain.url;
      shop.forgetRuntime();
    }
    expect((await verifyPayment(intent.orderId)).body.status).toBe('paid');
  });

  it('looks on chain once for a crowd of verify calls on one order, and answers each', async () => {
    const intent = await startPayment();
    const signature = await payIntent(intent);
    const looks = vi.spyOn(Connection.prototype, 'getSignaturesForAddress');
    try {
      const answers = await Promise.all(Array.from({ length: 60 }, () => verifyPayment(intent.orderId)));
      expect(answers.map(({ status, body }) => [status, body.status, body.signature])).toEqual(Array(60).fill([200, 'paid', signature]));
      expect(looks.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      looks.mockRestore();
    }
  });

  it('answers 429 with Retry-After past the limit on one order, whoever asks, on every route about it', async () => {
    const intent = await startPayment({ wallet: null });
    const from = (client: number) => ({ 'x-forwarded-for': `198.51.100.${client % 250}` });
    for (let i = 0; i < PAYMENT_REQUEST_LIMITS.perOrder; i++) {
      const response = await verify(new Request(`http://shop.test/api/payments/${intent.orderId}/verify`, { ...json({}), headers: { ...json({}).headers, ...from(i) } }), params(intent.orderId));
      expect(response.status).toBe(200);
    }
    const refused = [
      await verify(new Request('http://shop.test/v', { ...json({}), headers: { ...json({}).headers, ...from(1) } }), params(intent.orderId)),
      await cancel(new NextRequest('http://shop.test/c', { method: 'POST', headers: from(2) }), params(intent.orderId)),
      await qr(new Request('http://shop.test/q', { headers: from(3) }), params(intent.orderId)),
      await certify(new Request('http://shop.test/m', { ...json({}), headers: { ...json({}).headers, ...from(4) } }), params(intent.orderId)),
    ];
    for (const response of refused) {
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await response.json()) as { error: string }).error).toMatch(/^Too many requests about this payment\. Nothing was changed; please try again in \d+ s\.$/);
    }
    // Nothing was changed: the intent still holds its piece, to be paid.
    expect((await getStores().orders.get(intent.orderId))?.status).toBe('pending');
  });

  it('answers 429 past the limit per client, whichever orders it asks about; other clients go on', async () => {
    const from = (address: string) => new Request('http://shop.test/q', { headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < PAYMENT_REQUEST_LIMITS.perClient; i++) expect((await qr(from('203.0.113.77'), params(randomUUID()))).status).toBe(404);
    const refused = await qr(from('203.0.113.77'), params(randomUUID()));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await qr(from('203.0.113.78'), params(randomUUID()))).status).toBe(404);
  });

  it('answers 404 for an id that is no payment', async () => {
    expect((await verifyPayment('not-an-id')).status).toBe(404);
    expect((await verifyPayment('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('POST /api/payments/{id}/cancel', () => {
  const noPayment = { error: 'No payment with that id' };
  const cancelAs = async (orderId: string, wallet: string | null, options: Parameters<typeof cancelRequest>[2] = {}) => {
    const response = await cancel(await cancelRequest(orderId, wallet, options), params(orderId));
    return { status: response.status, body: (await response.json()) as unknown };
  };
  // Placed in the store: the intent route's own per-client limit is another suite's subject.
  const heldForBuyer = () => placedIntent(getStores().orders, intentInput(watch, { wallet: buyer.publicKey.toBase58(), reference: Keypair.generate().publicKey.toBase58() }));
  const staff = async (...args: Parameters<typeof staffCookie>) => `${SESSION_COOKIE}=${await staffCookie(...args)}`;

  it("is answered to anyone but the intent's wallet or staff as for an id that is no payment, and changes nothing", async () => {
    const intent = await heldForBuyer();
    // The order's id is in the QR code's memo: a stranger who read it has it.
    const strangers: [string, string | null, Parameters<typeof cancelRequest>[2]][] = [
      ['no session', null, {}],
      ['another signed-in wallet', Keypair.generate().publicKey.toBase58(), {}],
      ['the password alone', null, { cookie: await staff('fulfilment', { name: 'Half Signed', secondFactorAt: null }) }],
      ["a role that does not handle orders", null, { cookie: await staff('catalogue', { name: 'Catalogue Cat' }) }],
    ];
    for (const [who, wallet, options] of strangers) {
      expect(await cancelAs(intent.id, wallet, options), who).toEqual({ status: 404, body: noPayment });
      expect(await cancelAs(randomUUID(), wallet, options), who).toEqual({ status: 404, body: noPayment });
    }
    // The buyer's own cookie, sent by another site's form or script.
    expect((await cancelAs(intent.id, buyer.publicKey.toBase58(), { origin: 'https://elsewhere.example' })).status).toBe(403);
    expect(await getStores().orders.get(intent.id)).toMatchObject({ status: 'pending', failure: null });

    expect(await cancelAs(intent.id, buyer.publicKey.toBase58())).toMatchObject({ status: 200, body: { status: 'failed' } });
  });

  it('lets a member of staff whose role handles orders give an intent up', async () => {
    const intent = await heldForBuyer();
    const answer = await cancelAs(intent.id, null, { cookie: await staff('fulfilment', { name: 'Fulfilment Fay' }) });
    expect(answer).toMatchObject({ status: 200, body: { status: 'failed' } });
    expect(await getStores().orders.get(intent.id)).toMatchObject({ status: 'failed' });
  });
});

describe('POST /api/payments/{id}/certificate', () => {
  const certificateOf = async (orderId: string) => {
    const response = await certify(new Request(`http://shop.test/api/payments/${orderId}/certificate`, json({})), params(orderId));
    return { status: response.status, body: (await response.json()) as PaymentStatusResponse };
  };

  it('refuses an order that is not paid yet', async () => {
    const intent = await startPayment();
    expect((await certificateOf(intent.orderId)).status).toBe(409);
  });

  it('answers confirming, and mints nothing, while the payment is not final; paid and minted once it is', async () => {
    const intent = await startPayment();
    await chain.holdFinality(intent.reference, true);
    try {
      const signature = await payIntent(intent);
      expect(await verifyPayment(intent.orderId, signature)).toMatchObject({ status: 200, body: { status: 'confirming', signature, certificate: { status: 'pending' } } });
      const refused = await certify(new Request(`http://shop.test/api/payments/${intent.orderId}/certificate`, json({})), params(intent.orderId));
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ error: 'The payment is not final yet' });
    } finally {
      await chain.holdFinality(intent.reference, false);
    }
    expect((await verifyPayment(intent.orderId)).body.status).toBe('paid');
    expect((await certificateOf(intent.orderId)).body.certificate.status).toBe('minted');
  });

  it('mints one certificate for a paid order, however many requests race for it, and records it', async () => {
    const intent = await startPayment();
    await payIntent(intent);
    await verifyPayment(intent.orderId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => certificateOf(intent.orderId)));
    const mints = new Set(answers.map(({ body }) => body.certificate.mint));
    expect(answers.map(({ status, body }) => [status, body.certificate.status])).toEqual(Array(5).fill([200, 'minted']));
    expect(mints.size).toBe(1);
    const [mint] = [...mints];
    expect((await getStores().orders.get(intent.orderId))?.certificateMint).toBe(mint);
    expect((await verifyPayment(intent.orderId)).body.certificate).toEqual({ status: 'minted', mint });
  });
});

describe('GET /api/payments/{id}/qr', () => {
  it('draws the pending intent as an SVG QR code', async () => {
    const intent = await startPayment({ wallet: null });
    const response = await qr(new Request('http://shop.test'), params(intent.orderId));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toMatch(/^<svg[^>]*viewBox="0 0 \d+ \d+"/);
  });
});

describe('GET /api/certificates/{id}', () => {
  it('publishes the spec\'s eight attributes with the real signature, the buyer\'s details masked', async () => {
    const intent = await startPayment();
    const signature = await payIntent(intent);
    await verifyPayment(intent.orderId);
    const response = await certificateJson(new Request('http://shop.test'), params(intent.orderId));
    expect(response.status).toBe(200);
    const certificate = await response.json();
    expect(certificate).toMatchObject({ symbol: 'ORX', name: `${watch.brand} ${watch.model} Certificate` });
    expect(certificate.image).toMatch(/^https:\/\/orx\.example\/images\//);
    expect(Object.fromEntries(certificate.attributes.map((a: { trait_type: string; value: string }) => [a.trait_type, a.value]))).toEqual({
      'Watch Model': watch.model,
      Brand: watch.brand,
      'SOL Paid': String(watch.price_sol),
      'Wallet Address': buyer.publicKey.toBase58(),
      'Transaction Hash': signature,
      'Customer Name': 'A. L.',
      Email: 'a•••@example.com',
      'Shipping Address': 'Withheld for the owner’s privacy',
    });
  });

  it('has no certificate for an unpaid order', async () => {
    const intent = await startPayment();
    expect((await certificateJson(new Request('http://shop.test'), params(intent.orderId))).status).toBe(404);
  });
});
