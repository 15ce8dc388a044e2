import { Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as createIntent } from '@/app/api/payments/route';
import type { Watch } from '@/lib/catalog/types';
import type { PaymentIntentResponse } from '@/lib/checkout/api';
import { HOLD_COOLDOWN_MS, PAYMENT_FEE_ALLOWANCE_LAMPORTS } from '@/lib/checkout/server/intent';
import { lamportsToDecimalSol, solToLamports } from '@/lib/chain/lamports';
import { unitsToDecimal, usdToUsdcUnits } from '@/lib/chain/currencies';
import { parsePriceConfig } from '@/lib/config';
import { SOCKET_ADDRESS_HEADER } from '@/lib/http/client-address';
import { createSolPriceCache } from '@/lib/price/cache';
import { fetchSolUsdPrice } from '@/lib/price/upstream';
import { getStores } from '@/lib/shop/stores';
import { createTestMint, fundTokens } from '../support/chain-payments';
import { intentInput, placedIntent, restock } from '../support/intents';
import { startPaymentsShop, type PaymentsShop } from '../support/payments-shop';
import { signedInPost } from '../support/wallet-session';

/**
 * POST /api/payments under issue 47's rules, on the real local chain and a real embedded database:
 * a wallet holds only what it can pay for now, an RPC failure holds nothing, USDC needs a rate of
 * the last few minutes, a wallet whose window ended waits, a client's holds are bounded.
 */

const USD_PER_SOL = 150;
const shipping = { fullName: 'Ada Lovelace', phone: '+44 20 7946 0000', email: 'ada@example.com', address: '12 St James Square, London' };
const holder = globalThis as typeof globalThis & { __orxSolPrice?: unknown };

let shop: PaymentsShop;
let usdcMint: PublicKey;
let watch: Watch;
let price: bigint;
let addresses = 0;

beforeAll(async () => {
  shop = await startPaymentsShop(USD_PER_SOL, 'orx-hold-routes-', { PAYMENT_CURRENCIES: 'SOL,USDC', ORX_FRONT_DOOR: '1' });
  usdcMint = await createTestMint(shop.connection, shop.authority, 6);
  process.env.USDC_MINT = usdcMint.toBase58();
  shop.forgetRuntime();
  const watches = await getStores().catalog.listAll();
  watch = await restock(getStores().catalog, watches.find((candidate) => candidate.available)!, 100);
  price = solToLamports(watch.price_sol);
});

afterAll(() => shop.close());

/** A wallet holding `lamports` and `usdcUnits` of the shop's USDC on the local chain. */
async function walletWith(lamports: bigint, usdcUnits = 0n): Promise<Keypair> {
  const wallet = Keypair.generate();
  if (lamports > 0n) await shop.chain.airdrop(wallet.publicKey, lamports);
  if (usdcUnits > 0n) await fundTokens(shop.connection, { mint: usdcMint, authority: shop.authority, owner: wallet.publicKey, amount: usdcUnits });
  return wallet;
}

/** Each call from an address of its own (another /24), unless one is given. */
async function ask(wallet: Keypair, body: Record<string, unknown> = {}, socket = `10.${Math.floor(addresses / 250)}.${addresses++ % 250}.1`) {
  const address = wallet.publicKey.toBase58();
  const response = await createIntent(await signedInPost('https://orx.example/api/payments', { watchId: watch.id, wallet: address, shipping, ...body }, address, { [SOCKET_ADDRESS_HEADER]: socket }));
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as PaymentIntentResponse & Record<string, string> };
}

const orderCount = async () => (await getStores().orders.list()).length;
const usdcAmount = () => usdToUsdcUnits(Math.round(watch.price_sol * USD_PER_SOL * 100) / 100);
const sol = (lamports: bigint) => lamportsToDecimalSol(lamports);

describe('a hold needs the funds to pay for it now', () => {
  it('refuses a SOL intent to a wallet short of the price plus the fee, holding nothing, and holds for one that has both', async () => {
    const before = await orderCount();
    for (const lamports of [0n, price, price + PAYMENT_FEE_ALLOWANCE_LAMPORTS - 1n]) {
      const { status, body } = await ask(await walletWith(lamports));
      expect(status).toBe(409);
      expect(body).toEqual({
        error: `Insufficient SOL balance. Required: ${sol(price + PAYMENT_FEE_ALLOWANCE_LAMPORTS)} SOL, Available: ${(Number(lamports) / LAMPORTS_PER_SOL).toFixed(4)} SOL`,
      });
    }
    expect(await orderCount()).toBe(before);
    expect((await ask(await walletWith(price + PAYMENT_FEE_ALLOWANCE_LAMPORTS))).status).toBe(201);
  });

  it('refuses a USDC intent without the USDC or without SOL for the fee, holding nothing', async () => {
    const amount = usdcAmount();
    const before = await orderCount();
    const noTokens = await ask(await walletWith(price * 10n, amount - 1n), { currency: 'USDC' });
    expect(noTokens).toMatchObject({
      status: 409,
      body: { error: `Insufficient USDC balance. Required: ${Number(unitsToDecimal(amount, 6)).toFixed(2)} USDC, Available: ${Number(unitsToDecimal(amount - 1n, 6)).toFixed(2)} USDC` },
    });
    // A wallet can hold USDC and no SOL at all once its token account was made for it.
    const noFee = await ask(await walletWith(0n, amount), { currency: 'USDC' });
    expect(noFee).toMatchObject({ status: 409, body: { error: `Insufficient SOL balance. Required: ${sol(PAYMENT_FEE_ALLOWANCE_LAMPORTS)} SOL, Available: 0.0000 SOL` } });
    expect(await orderCount()).toBe(before);
    // The least SOL an account can be given (rent-exempt) pays the fee many times over.
    expect((await ask(await walletWith(1_000_000n, amount), { currency: 'USDC' })).status).toBe(201);
  });

  it('answers 503 and holds nothing when the chain cannot tell the balance', async () => {
    const wallet = await walletWith(price * 2n);
    const before = await orderCount();
    process.env.SOLANA_RPC_URL = 'http://127.0.0.1:9';
    shop.forgetRuntime();
    try {
      expect(await ask(wallet)).toMatchObject({ status: 503, body: { error: 'Could not start the payment right now. Please try again.' } });
    } finally {
      process.env.SOLANA_RPC_URL = shop.chain.url;
      shop.forgetRuntime();
    }
    expect(await orderCount()).toBe(before);
  });
});

describe('USDC at a fresh rate only', () => {
  const staleMessage =
    'USDC cannot be priced right now: the SOL/USD rate has not been updated in the last 5 minutes. Nothing was held. Pay with SOL, or try USDC again later.';

  /** The server's price cache as it would be with its last good rate fetched `ageMs` ago and the service down since. */
  async function rateFetchedAgo(ageMs: number) {
    let clock = Date.now() - ageMs;
    shop.priceService.answer = { price: USD_PER_SOL };
    const config = parsePriceConfig();
    const cache = createSolPriceCache({ fetchPrice: () => fetchSolUsdPrice(config), now: () => clock, log: () => {} });
    await cache.read();
    clock = Date.now();
    shop.priceService.answer = { status: 500 };
    holder.__orxSolPrice = cache;
  }

  const restore = () => {
    shop.priceService.answer = { price: USD_PER_SOL };
    delete holder.__orxSolPrice;
  };

  it("refuses USDC when no rate was ever fetched (never the spec's 180.25), while SOL still holds", async () => {
    shop.priceService.answer = { status: 500 };
    delete holder.__orxSolPrice;
    try {
      const before = await orderCount();
      expect(await ask(await walletWith(price * 2n, usdcAmount() * 2n), { currency: 'USDC' })).toEqual({ status: 409, retryAfter: null, body: { error: staleMessage } });
      expect(await orderCount()).toBe(before);
      expect((await ask(await walletWith(price * 2n))).status).toBe(201);
    } finally {
      restore();
    }
  });

  it('refuses USDC at a rate older than USDC_RATE_MAX_AGE_S through an outage, and takes it at a younger one', async () => {
    try {
      await rateFetchedAgo(5 * 60_000 + 10_000);
      expect(await ask(await walletWith(price * 2n, usdcAmount() * 2n), { currency: 'USDC' })).toMatchObject({ status: 409, body: { error: staleMessage } });
      await rateFetchedAgo(4 * 60_000);
      expect(await ask(await walletWith(price * 2n, usdcAmount() * 2n), { currency: 'USDC' })).toMatchObject({ status: 201, body: { currency: 'USDC' } });
    } finally {
      restore();
    }
  });
});

describe('a hold is never extended by asking again', () => {
  it('tells a wallet whose window on the watch ended when it can hold the watch again, holding nothing', async () => {
    const wallet = await walletWith(price * 2n);
    const ended = await placedIntent(getStores().orders, intentInput(watch, { wallet: wallet.publicKey.toBase58(), expiresAt: new Date(Date.now() - 60_000) }));
    await getStores().orders.settle(ended.id, { status: 'expired', txHash: null, refundDue: false });
    const holdAgainAt = new Date(Date.parse(ended.expiresAt!) + HOLD_COOLDOWN_MS);
    const time = holdAgainAt.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });
    const before = await orderCount();
    expect(await ask(wallet)).toEqual({
      status: 409,
      retryAfter: null,
      body: {
        error: `Your hold on this watch ended without a payment. So that other buyers get their turn, this wallet can hold it again from ${time} UTC. Nothing was held.`,
        holdAgainAt: holdAgainAt.toISOString(),
      },
    });
    expect(await orderCount()).toBe(before);
  });
});

describe('open holds are bounded per client address', () => {
  it('answers 429 with when to try again once the address holds its bound, and counts the socket, not X-Forwarded-For', async () => {
    const socket = '172.20.5.7';
    const wallets = await Promise.all(Array.from({ length: 6 }, () => walletWith(price * 2n)));
    const answers = [];
    for (const wallet of wallets) answers.push(await ask(wallet, {}, socket));
    expect(answers.slice(0, 5).map(({ status }) => status)).toEqual(Array(5).fill(201));
    const refused = answers[5]!;
    const firstEnds = answers[0]!.body.expiresAt;
    expect(refused).toMatchObject({ status: 429, body: { retryAt: firstEnds } });
    expect(refused.body.error).toMatch(/^5 watches are held from your connection already, the most at one time\. Nothing was held: pay for or cancel one of them, or try again after \d\d:\d\d UTC\.$/);
    expect(Number(refused.retryAfter)).toBeGreaterThan(9 * 60 - 5);
    // Another network goes on.
    expect((await ask(wallets[5]!, {}, '172.21.0.1')).status).toBe(201);
  });

  it('keeps a client bound from the settings: HOLDS_PER_ADDRESS', async () => {
    process.env.HOLDS_PER_ADDRESS = '1';
    try {
      const socket = '172.30.9.9';
      expect((await ask(await walletWith(price * 2n), {}, socket)).status).toBe(201);
      expect((await ask(await walletWith(price * 2n), {}, socket)).status).toBe(429);
    } finally {
      delete process.env.HOLDS_PER_ADDRESS;
    }
  });
});
