import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as createIntent } from '@/app/api/payments/route';
import type { Watch } from '@/lib/catalog/types';
import { parsePaymentsConfig } from '@/lib/chain/config';
import { DEFAULT_USDC_MINT, unitsToDecimal, usdToUsdcUnits } from '@/lib/chain/currencies';
import type { PaymentIntentResponse } from '@/lib/checkout/api';
import { getStores } from '@/lib/shop/stores';
import { restock } from '../support/intents';
import { startPaymentsShop, type PaymentsShop } from '../support/payments-shop';
import { signedInPost } from '../support/wallet-session';

vi.mock('next/cache', () => ({ revalidateTag: vi.fn(), cacheTag: vi.fn(), cacheLife: vi.fn() }));

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
  const usdcMint = Keypair.generate().publicKey;
  const shipping = { fullName: 'Ada Lovelace', phone: '+44 20 7946 0000', email: 'ada@example.com', address: '12 St James Square, London' };
  let shop: PaymentsShop;
  let watch: Watch;

  beforeAll(async () => {
    shop = await startPaymentsShop(USD_PER_SOL, 'orx-usdc-', { PAYMENT_CURRENCIES: 'SOL,USDC', USDC_MINT: usdcMint.toBase58() });
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
});
