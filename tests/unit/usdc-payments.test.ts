import { Keypair, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as createIntent } from '@/app/api/payments/route';
import { POST as verify } from '@/app/api/payments/[id]/verify/route';
import { POST as certify } from '@/app/api/payments/[id]/certificate/route';
import { POST as cancel } from '@/app/api/payments/[id]/cancel/route';
import { runBackgroundWork } from '@/lib/jobs/background-work';
import { checkUsdcMintAtStart } from '@/lib/checkout/server/startup';
import type { Watch } from '@/lib/catalog/types';
import { parsePaymentsConfig } from '@/lib/chain/config';
import { DEFAULT_USDC_MINT, unitsToDecimal, usdToUsdcUnits } from '@/lib/chain/currencies';
import type { PaymentIntentResponse, PaymentStatusResponse } from '@/lib/checkout/api';
import { getStores } from '@/lib/shop/stores';
import { createTestMint, fundTokens, sendPayment, sendTokenPayment } from '../support/chain-payments';
import { restock } from '../support/intents';
import { startPaymentsShop, type PaymentsShop } from '../support/payments-shop';
import { cancelRequest, signedInPost } from '../support/wallet-session';

/**
 * Issue 38: USDC beside SOL. The intent's amount is the USD value the shopper was shown, fixed by
 * the server from its own SOL/USD rate (the stand-in price service), whatever the client sends.
 */

describe('PAYMENT_CURRENCIES and USDC_MINT', () => {
  const merchant = Keypair.generate().publicKey.toBase58();

  it('takes SOL only by default, and USDC too when listed, in any case and order', () => {
    expect(parsePaymentsConfig({ MERCHANT_WALLET: merchant })).toMatchObject({ currencies: ['SOL'], usdcMint: null });
    const both = parsePaymentsConfig({ MERCHANT_WALLET: merchant, PAYMENT_CURRENCIES: ' usdc , SOL ' });
    expect(both).toMatchObject({ currencies: ['SOL', 'USDC'] });
    expect(both.mode === 'solana' && both.usdcMint?.toBase58()).toBe(DEFAULT_USDC_MINT);
    const own = Keypair.generate().publicKey.toBase58();
    const configured = parsePaymentsConfig({ MERCHANT_WALLET: merchant, PAYMENT_CURRENCIES: 'SOL,USDC', USDC_MINT: own });
    expect(configured.mode === 'solana' && configured.usdcMint?.toBase58()).toBe(own);
  });

  it.each([['USDC'], ['SOL,EUR'], ['SOL,USDC,USDC'], ['SOL;USDC']])('refuses PAYMENT_CURRENCIES=%s by name', (value) => {
    expect(() => parsePaymentsConfig({ MERCHANT_WALLET: merchant, PAYMENT_CURRENCIES: value })).toThrow(/PAYMENT_CURRENCIES: must be SOL or SOL,USDC/);
  });

  it('refuses a USDC_MINT that is not an address', () => {
    expect(() => parsePaymentsConfig({ MERCHANT_WALLET: merchant, PAYMENT_CURRENCIES: 'SOL,USDC', USDC_MINT: 'usdc' })).toThrow(/USDC_MINT: must be a base58 Solana address/);
  });

  it('counts USD in USDC base units to the cent, and writes them back without trailing zeros', () => {
    expect(usdToUsdcUnits(4442.09)).toBe(4_442_090_000n);
    expect(usdToUsdcUnits(0.1 + 0.2)).toBe(300_000n);
    expect(unitsToDecimal(4_442_090_000n, 6)).toBe('4442.09');
    expect(unitsToDecimal(12_000_000n, 6)).toBe('12');
    expect(unitsToDecimal(1n, 6)).toBe('0.000001');
  });
});

describe('POST /api/payments with USDC on', () => {
  const USD_PER_SOL = 187.37;
  let usdcMint: PublicKey;
  const shipping = { fullName: 'Ada Lovelace', phone: '+44 20 7946 0000', email: 'ada@example.com', address: '12 St James Square, London' };
  let shop: PaymentsShop;
  let watch: Watch;

  beforeAll(async () => {
    shop = await startPaymentsShop(USD_PER_SOL, 'orx-usdc-', { PAYMENT_CURRENCIES: 'SOL,USDC' });
    // A USDC of the test's own on the local chain: 6 decimals, the buyer funded with it.
    usdcMint = await createTestMint(shop.connection, shop.authority, 6);
    await fundTokens(shop.connection, { mint: usdcMint, authority: shop.authority, owner: shop.buyer.publicKey, amount: 10_000_000n * 1_000_000n });
    process.env.USDC_MINT = usdcMint.toBase58();
    shop.forgetRuntime();
    const watches = await getStores().catalog.listAll();
    watch = await restock(getStores().catalog, watches.find((candidate) => candidate.available)!, 100);
  });

  afterAll(() => shop.close());

  async function startPayment(body: Record<string, unknown>): Promise<Response> {
    const wallet = shop.buyer.publicKey.toBase58();
    return createIntent(await signedInPost('http://shop.test/api/payments', { watchId: watch.id, wallet, shipping, ...body }, wallet));
  }

  it("asks for the USD value the shopper was shown, in the configured mint, whatever the client sends", async () => {
    const response = await startPayment({ currency: 'USDC', amount: '0.01', usdAmount: 1, tokenAmount: '1', splToken: Keypair.generate().publicKey.toBase58() });
    expect(response.status).toBe(201);
    const intent = (await response.json()) as PaymentIntentResponse;
    const usd = Math.round(watch.price_sol * USD_PER_SOL * 100) / 100;
    expect(intent).toMatchObject({ currency: 'USDC', amount: String(usd), splToken: usdcMint.toBase58() });
    expect(intent.solanaPayUrl).toMatch(
      new RegExp(`^solana:${shop.merchant.toBase58()}\\?amount=${usd}&spl-token=${usdcMint.toBase58()}&reference=${intent.reference}&label=ORX&message=`),
    );
    expect(await getStores().orders.get(intent.orderId)).toMatchObject({
      status: 'pending',
      currency: 'USDC',
      tokenAmount: usdToUsdcUnits(usd).toString(),
      splToken: usdcMint.toBase58(),
      usdAmount: usd,
    });
  });

  it("stays SPEC's SOL intent when no currency is asked for", async () => {
    const intent = (await (await startPayment({})).json()) as PaymentIntentResponse;
    expect(intent).toMatchObject({ currency: 'SOL', amount: intent.amountSol });
    expect(intent.solanaPayUrl).not.toContain('spl-token');
    expect(await getStores().orders.get(intent.orderId)).toMatchObject({ currency: 'SOL', tokenAmount: null, splToken: null });
  });

  const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const params = (id: string) => ({ params: Promise.resolve({ id }) });

  async function usdcIntent(): Promise<PaymentIntentResponse> {
    return (await (await startPayment({ currency: 'USDC' })).json()) as PaymentIntentResponse;
  }

  async function verifyPayment(orderId: string, signature?: string): Promise<PaymentStatusResponse> {
    return (await verify(new Request(`http://shop.test/api/payments/${orderId}/verify`, json(signature ? { signature } : {})), params(orderId))).json();
  }

  const referenceOf = (intent: PaymentIntentResponse) => new PublicKey(intent.reference);

  const payUsdc = (intent: PaymentIntentResponse, amount = BigInt(Math.round(Number(intent.amount) * 1_000_000))) =>
    sendTokenPayment(shop.connection, {
      payer: shop.buyer,
      mint: usdcMint,
      recipient: shop.merchant,
      amount,
      reference: referenceOf(intent),
      createRecipientAccount: true,
    });

  it('is paid by the USDC it asks for, and certified', async () => {
    const intent = await usdcIntent();
    const signature = await payUsdc(intent);
    expect(await verifyPayment(intent.orderId, signature)).toMatchObject({ status: 'paid', signature, refundDue: false });
    const certified = (await (await certify(new Request(`http://shop.test/api/payments/${intent.orderId}/certificate`, { method: 'POST' }), params(intent.orderId))).json()) as PaymentStatusResponse;
    expect(certified.certificate.status).toBe('minted');
    expect(await getStores().orders.get(intent.orderId)).toMatchObject({ status: 'paid', txHash: signature, wallet: shop.buyer.publicKey.toBase58(), currency: 'USDC' });
  });

  it('is never paid by SOL, a short amount, or USDC to another wallet, and says so', async () => {
    const bySol = await usdcIntent();
    const sol = await sendPayment(shop.connection, { payer: shop.buyer, recipient: shop.merchant, lamports: BigInt(bySol.lamports), reference: referenceOf(bySol) });
    expect(await verifyPayment(bySol.orderId, sol)).toMatchObject({ status: 'failed', message: expect.stringMatching(/paid 0 USDC to the shop/) });

    const short = await usdcIntent();
    const shortPaid = await payUsdc(short, BigInt(Math.round(Number(short.amount) * 1_000_000)) - 1n);
    expect(await verifyPayment(short.orderId, shortPaid)).toMatchObject({ status: 'failed', message: expect.stringMatching(/not the [0-9.]+ asked/) });

    const elsewhere = await usdcIntent();
    const someoneElse = Keypair.generate().publicKey;
    const misdirected = await sendTokenPayment(shop.connection, {
      payer: shop.buyer,
      mint: usdcMint,
      recipient: someoneElse,
      amount: BigInt(Math.round(Number(elsewhere.amount) * 1_000_000)),
      reference: referenceOf(elsewhere),
      createRecipientAccount: true,
    });
    expect(await verifyPayment(elsewhere.orderId, misdirected)).toMatchObject({ status: 'failed' });
    expect(await getStores().orders.get(elsewhere.orderId)).toMatchObject({ status: 'failed', txHash: null });
  });

  it('never sells at an old price: a USDC intent cancelled, the price tripled, the old USDC paid is a refund due', async () => {
    const catalog = getStores().catalog;
    const other = (await catalog.listAll()).find((candidate) => candidate.available && candidate.id !== watch.id)!;
    const target = await restock(catalog, other, 1);
    const intent = (await (await startPayment({ watchId: target.id, currency: 'USDC' })).json()) as PaymentIntentResponse;
    await cancel(await cancelRequest(intent.orderId, shop.buyer.publicKey.toBase58()), params(intent.orderId));
    const { brand, model, description, image_urls, price_eur, price_sol, specs, features, featured, stock } = target;
    await catalog.update(target.id, { brand, model, description, image_urls, price_eur: price_eur * 3, price_sol: price_sol * 3, specs, features, featured, stock }, stock);

    const signature = await payUsdc(intent);
    expect(await verifyPayment(intent.orderId, signature)).toMatchObject({ status: 'expired', signature, refundDue: true });
    expect(await catalog.get(target.id)).toMatchObject({ stock: 1, available: true });
  });

  it("is settled by the worker when the buyer's page was closed", async () => {
    const intent = await usdcIntent();
    const signature = await payUsdc(intent);
    await runBackgroundWork();
    expect(await getStores().orders.get(intent.orderId)).toMatchObject({ status: 'paid', txHash: signature });
  });

  it('checks at start that USDC_MINT is a mint of 6 decimals on the cluster, and says what is wrong', async () => {
    const env = { MERCHANT_WALLET: shop.merchant.toBase58(), SOLANA_RPC_URL: shop.chain.url, PAYMENT_CURRENCIES: 'SOL,USDC' };
    const warnings: string[] = [];
    await checkUsdcMintAtStart({ ...env, USDC_MINT: usdcMint.toBase58() }, (message) => warnings.push(message));
    const nine = await createTestMint(shop.connection, shop.authority, 9);
    await expect(checkUsdcMintAtStart({ ...env, USDC_MINT: nine.toBase58() })).rejects.toThrow(/has 9 decimals .*USDC has 6/);
    const nothing = Keypair.generate().publicKey.toBase58();
    await expect(checkUsdcMintAtStart({ ...env, USDC_MINT: nothing })).rejects.toThrow(new RegExp(`USDC_MINT ${nothing} is not a token mint`));
    // A node that cannot be reached does not stop the shop; it is said so.
    await checkUsdcMintAtStart({ ...env, SOLANA_RPC_URL: 'http://127.0.0.1:9', USDC_MINT: nothing }, (message) => warnings.push(message));
    expect(warnings).toEqual([expect.stringMatching(/could not check USDC_MINT/)]);
    // Off, nothing is asked of the chain.
    await checkUsdcMintAtStart({ MERCHANT_WALLET: shop.merchant.toBase58(), SOLANA_RPC_URL: 'http://127.0.0.1:9' }, (message) => warnings.push(message));
    expect(warnings).toHaveLength(1);
  });
});
