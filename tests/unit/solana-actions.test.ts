import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as watchActionRoute from '@/app/api/actions/watches/[id]/route';
import * as paidRoute from '@/app/api/actions/watches/[id]/paid/route';
import * as actionsJsonRoute from '@/app/actions.json/route';
import * as payRoute from '@/app/api/pay/[orderId]/route';
import { POST as createIntent } from '@/app/api/payments/route';
import { POST as cancel } from '@/app/api/payments/[id]/cancel/route';
import { runBackgroundWork } from '@/lib/jobs/background-work';
import type { Watch } from '@/lib/catalog/types';
import { CONDITION_SCALE } from '@/lib/catalog/collector';
import type { PaymentIntentResponse } from '@/lib/checkout/api';
import { PAYMENT_FEE_ALLOWANCE_LAMPORTS } from '@/lib/checkout/server/intent';
import { solToLamports } from '@/lib/chain/lamports';
import { usdToUsdcUnits } from '@/lib/chain/currencies';
import { SOCKET_ADDRESS_HEADER } from '@/lib/http/client-address';
import { formatSol, usdValue } from '@/lib/price/format';
import { formatUsdc } from '@/lib/actions/watch-action';
import { getStores } from '@/lib/shop/stores';
import { specTypeErrors, type SpecType } from '../support/actions-spec-types';
import { createTestMint, fundTokens } from '../support/chain-payments';
import { restock } from '../support/intents';
import { LOCAL_GENESIS_HASH } from '../support/local-chain';
import { startPaymentsShop, type PaymentsShop } from '../support/payments-shop';
import { cancelRequest, signedInPost } from '../support/wallet-session';

/**
 * Issue 54: a watch bought from a link. A watch's Solana Action (GET, POST, the paid step,
 * actions.json) and the purchase dialog's Solana Pay transaction request (/api/pay), on the local
 * chain (litesvm behind JSON-RPC, standing in for Devnet) and the embedded database: the answers fit
 * the spec's own types, the transaction the server builds pays the order when the buyer signs and
 * sends it (SOL and USDC) and is certified, and nothing is held or built for a sold or held piece, a
 * wallet without funds, or a malformed account.
 */

const USD_PER_SOL = 180.25;
const SHOP = 'https://orx.example';
const SHIPPING = { fullName: 'Grace Hopper', email: 'grace@example.com', phone: '+1 202 555 0100', address: '1 Navy Yard, Washington DC' };

let shop: PaymentsShop;
let usdcMint: PublicKey;
let watch: Watch;
let addresses = 0;
/** Every answer the spec defines a type for: checked against it at the end, in one compilation. */
const answers: { type: SpecType; value: unknown }[] = [];

beforeAll(async () => {
  shop = await startPaymentsShop(USD_PER_SOL, 'orx-actions-', { PAYMENT_CURRENCIES: 'SOL,USDC', ORX_FRONT_DOOR: '1' });
  usdcMint = await createTestMint(shop.connection, shop.authority, 6);
  process.env.USDC_MINT = usdcMint.toBase58();
  shop.forgetRuntime();
  const watches = await getStores().catalog.listAll();
  watch = await restock(getStores().catalog, watches.find((candidate) => candidate.available && candidate.condition !== null)!, 100);
});

afterAll(() => shop.close());

const params = (id: string) => ({ params: Promise.resolve({ id }) });
/** Each request from an address of its own (another /24), unless one is given: the per-client bounds are tested where they live. */
const client = (socket = `10.${Math.floor(addresses / 250)}.${addresses++ % 250}.7`) => ({ [SOCKET_ADDRESS_HEADER]: socket });

const actionUrl = (id = watch.id) => `${SHOP}/api/actions/watches/${id}`;

async function getAction(id = watch.id, headers: Record<string, string> = {}) {
  const response = await watchActionRoute.GET(new Request(actionUrl(id), { headers: { accept: 'application/json', ...client(), ...headers } }), params(id));
  return { response, body: (await response.json()) as Record<string, unknown> & { links?: { actions: { href: string; label: string; parameters?: { name: string }[] }[] } } };
}

/** The href a blink client posts to: the button's, its `{name}` placeholders filled in with what the buyer typed. */
const filled = (href: string, values: Record<string, string> = SHIPPING) => href.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));

async function postAction(href: string, body: unknown, headers: Record<string, string> = client()) {
  const url = new URL(href);
  const id = url.pathname.split('/')[4]!;
  const response = await watchActionRoute.POST(
    new Request(href, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
    params(id),
  );
  return { response, body: (await response.json()) as Record<string, unknown> };
}

async function buttons(id = watch.id) {
  const { body } = await getAction(id);
  const [sol, usdc] = body.links!.actions;
  return { sol: sol!, usdc: usdc! };
}

/** A wallet with `lamports` and `usdcUnits` of the shop's USDC on the local chain. */
async function walletWith(lamports: bigint, usdcUnits = 0n): Promise<Keypair> {
  const wallet = Keypair.generate();
  if (lamports > 0n) await shop.chain.airdrop(wallet.publicKey, lamports);
  if (usdcUnits > 0n) await fundTokens(shop.connection, { mint: usdcMint, authority: shop.authority, owner: wallet.publicKey, amount: usdcUnits });
  return wallet;
}

/** What a wallet does with a transaction answer: reads it, signs it with the buyer's key, sends it. */
async function signAndSend(base64: string, buyer: Keypair): Promise<{ signature: string; transaction: Transaction }> {
  const transaction = Transaction.from(Buffer.from(base64, 'base64'));
  transaction.partialSign(buyer);
  const signature = await shop.connection.sendRawTransaction(transaction.serialize());
  return { signature, transaction };
}

const orderIdOf = (next: unknown) => new URL((next as { href: string }).href).searchParams.get('order')!;

async function postPaid(href: string, body: unknown) {
  const url = new URL(href);
  const response = await paidRoute.POST(new Request(href, { method: 'POST', headers: { 'content-type': 'application/json', ...client() }, body: JSON.stringify(body) }), params(url.pathname.split('/')[4]!));
  return { response, body: (await response.json()) as Record<string, unknown> };
}

const orderCount = async () => (await getStores().orders.list()).length;
const price = () => solToLamports(watch.price_sol);
const usd = () => usdValue(watch.price_sol, USD_PER_SOL);

function expectWalletHeaders(response: Response) {
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('x-action-version')).toBe('2.4');
  expect(response.headers.get('x-blockchain-ids')).toBe(`solana:${LOCAL_GENESIS_HASH.slice(0, 32)}`);
  expect(response.headers.get('access-control-expose-headers')).toMatch(/X-Action-Version, X-Blockchain-Ids/);
}

describe("a watch's Action", () => {
  it('describes the watch with its price, condition and both currencies, under the spec’s headers', async () => {
    const { response, body } = await getAction();
    expect(response.status).toBe(200);
    expectWalletHeaders(response);
    answers.push({ type: 'ActionGetResponse', value: body });
    expect(body).toMatchObject({ type: 'action', title: `${watch.brand} ${watch.model}`, label: `Buy for ${formatSol(watch.price_sol)}` });
    expect(body.icon).toMatch(new RegExp(`^${SHOP}/.+\\.(webp|png|jpe?g)$`));
    expect(body.description).toContain(formatSol(watch.price_sol));
    expect(body.description).toContain(CONDITION_SCALE[watch.condition!].label);
    expect(body.disabled).toBeUndefined();
    const [sol, usdc] = body.links!.actions;
    expect(sol).toMatchObject({ type: 'transaction', label: `Buy for ${formatSol(watch.price_sol)}` });
    expect(usdc).toMatchObject({ type: 'transaction', label: `Buy for ${formatUsdc(usd())}` });
    expect(sol!.href).toBe(`${actionUrl()}?currency=SOL&fullName={fullName}&email={email}&phone={phone}&address={address}`);
    expect(sol!.parameters!.map(({ name }) => name)).toEqual(['fullName', 'email', 'phone', 'address']);
  });

  it('answers the CORS preflight and actions.json, which maps the watch pages to their Actions', async () => {
    const preflight = await watchActionRoute.OPTIONS();
    expect(preflight.status).toBe(204);
    expectWalletHeaders(preflight);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Content-Type/);
    expectWalletHeaders(await paidRoute.OPTIONS());
    expectWalletHeaders(await payRoute.OPTIONS());
    const rules = await actionsJsonRoute.GET();
    expectWalletHeaders(rules);
    const json = await rules.json();
    answers.push({ type: 'ActionsJson', value: json });
    expect(json.rules).toContainEqual({ pathPattern: '/watches/*', apiPath: '/api/actions/watches/*' });
  });

  it('sends a browser or a link-preview robot to the watch page, whose card is the watch’s', async () => {
    const response = await watchActionRoute.GET(new Request(actionUrl(), { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } }), params(watch.id));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${SHOP}/watches/${watch.id}`);
  });

  it('answers 404 in the spec’s error shape for an unknown or malformed watch', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-watch', '../admin']) {
      const { response, body } = await getAction(id);
      expect(response.status).toBe(404);
      expect(body).toEqual({ message: 'No watch with that id is in the catalogue' });
      expectWalletHeaders(response);
      answers.push({ type: 'ActionError', value: body });
    }
  });

  it('builds the SOL transaction that pays the watch, which the buyer signs once, and the order is paid, certified and the wallet’s', async () => {
    const buyer = await walletWith(price() * 2n);
    const account = buyer.publicKey.toBase58();
    const { sol } = await buttons();
    const { response, body } = await postAction(filled(sol.href), { account });
    expect(response.status).toBe(200);
    expectWalletHeaders(response);
    answers.push({ type: 'ActionPostResponse', value: body });
    expect(body).toMatchObject({ type: 'transaction', message: expect.stringContaining(`to ORX for the ${watch.brand} ${watch.model}`) });
    const orderId = orderIdOf((body.links as { next: unknown }).next);
    const order = (await getStores().orders.get(orderId))!;
    expect(order).toMatchObject({ status: 'pending', wallet: account, name: SHIPPING.fullName, email: SHIPPING.email, lamports: price().toString(), currency: 'SOL' });
    // Not the wallet's order until its payment proves the wallet: a stranger could have named it.
    expect((await getStores().orders.listByWallet(account)).map(({ id }) => id)).not.toContain(orderId);

    const { signature, transaction } = await signAndSend(body.transaction as string, buyer);
    expect(transaction.feePayer?.toBase58()).toBe(account);
    const paid = await postPaid((body.links as { next: { href: string } }).next.href, { account, signature });
    expect(paid.response.status).toBe(200);
    answers.push({ type: 'CompletedAction', value: paid.body });
    expect(paid.body).toMatchObject({ type: 'completed', title: `Paid: ${watch.brand} ${watch.model}`, label: 'Paid' });
    expect(JSON.stringify(paid.body)).not.toContain(SHIPPING.email);

    await runBackgroundWork();
    const settled = await getStores().orders.get(orderId);
    expect(settled).toMatchObject({ status: 'paid', txHash: signature, wallet: account });
    expect(settled!.certificateMint).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect((await getStores().orders.listByWallet(account)).map(({ id }) => id)).toContain(orderId);
  });

  it('builds the USDC transaction at the server’s price, and it pays the order', async () => {
    const units = usdToUsdcUnits(usd());
    const buyer = await walletWith(10_000_000n, units);
    const account = buyer.publicKey.toBase58();
    const { usdc } = await buttons();
    // A newer blink client sends what the buyer typed as `data`, the href's placeholders untouched.
    const { response, body } = await postAction(usdc.href, { account, data: SHIPPING });
    expect(response.status).toBe(200);
    const orderId = orderIdOf((body.links as { next: unknown }).next);
    expect(await getStores().orders.get(orderId)).toMatchObject({ currency: 'USDC', tokenAmount: units.toString(), splToken: usdcMint.toBase58(), name: SHIPPING.fullName });
    const { signature } = await signAndSend(body.transaction as string, buyer);
    expect((await postPaid((body.links as { next: { href: string } }).next.href, { account, signature })).body).toMatchObject({ type: 'completed' });
    await runBackgroundWork();
    expect(await getStores().orders.get(orderId)).toMatchObject({ status: 'paid', txHash: signature, currency: 'USDC' });
  });

  it('never takes a transaction that pays less for the order', async () => {
    const buyer = await walletWith(price() * 2n);
    const account = buyer.publicKey.toBase58();
    const { body } = await postAction(filled((await buttons()).sol.href), { account });
    const orderId = orderIdOf((body.links as { next: unknown }).next);
    const transaction = Transaction.from(Buffer.from(body.transaction as string, 'base64'));
    // The buyer's wallet rewrites the transfer to send one lamport less, carrying the same reference.
    const transfer = transaction.instructions.find((instruction) => instruction.programId.equals(SystemProgram.programId))!;
    transfer.data.writeBigUInt64LE(price() - 1n, 4);
    transaction.signatures = [];
    transaction.sign(buyer);
    const signature = await shop.connection.sendRawTransaction(transaction.serialize());
    const paid = await postPaid((body.links as { next: { href: string } }).next.href, { account, signature });
    expect(paid.response.status).toBe(409);
    // The verifier the checkout has: the buyer's own payment gone wrong fails the order, which sold nothing.
    expect(paid.body.message).toBe(`The transaction paid ${price() - 1n} lamports to the shop, not the ${price()} asked. Please try again; if SOL left your wallet for this order, contact us and it will be refunded.`);
    expect(await getStores().orders.get(orderId)).toMatchObject({ status: 'failed', txHash: null });
    await runBackgroundWork();
    expect(await getStores().orders.get(orderId)).toMatchObject({ status: 'failed', txHash: null, certificateMint: null });
  });

  it('refuses a wallet without the funds, a malformed account or missing shipping details, holding nothing', async () => {
    const before = await orderCount();
    const { sol } = await buttons();
    const poor = await walletWith(price() + PAYMENT_FEE_ALLOWANCE_LAMPORTS - 1n);
    const short = await postAction(filled(sol.href), { account: poor.publicKey.toBase58() });
    expect(short.response.status).toBe(409);
    expect(short.body.message).toMatch(/^Insufficient SOL balance/);
    expectWalletHeaders(short.response);
    const empty = await postAction(filled(sol.href), { account: Keypair.generate().publicKey.toBase58() });
    expect(empty.response.status).toBe(409);

    for (const account of ['', 'not-base58-0OIl', 'x'.repeat(5000), 42, null]) {
      const { response, body } = await postAction(filled(sol.href), { account });
      expect(response.status).toBe(400);
      expect(body.message).toMatch(/account/);
    }
    const rich = (await walletWith(price() * 2n)).publicKey.toBase58();
    // A blink client that sent the form without filling it in.
    const unfilled = await postAction(sol.href, { account: rich });
    expect(unfilled).toMatchObject({ body: { message: 'fullName is required' } });
    expect(unfilled.response.status).toBe(400);
    const noEmail = await postAction(filled(sol.href, { ...SHIPPING, email: 'grace' }), { account: rich });
    expect(noEmail.response.status).toBe(400);
    expect(await orderCount()).toBe(before);
  });

  it('never answers 5xx to any body or query a script sends, and holds nothing for it', async () => {
    const before = await orderCount();
    const { sol } = await buttons();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.jsonValue(), fc.record({ account: fc.string({ maxLength: 60 }), data: fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue()) })),
        fc.dictionary(fc.constantFrom('currency', 'fullName', 'email', 'phone', 'address', 'order'), fc.string({ maxLength: 600 })),
        async (body, query) => {
          const url = new URL(sol.href);
          for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
          const { response } = await postAction(url.href, body);
          expect(response.status).toBeLessThan(500);
          expect(response.status).not.toBe(200);
        },
      ),
      { numRuns: 60 },
    );
    expect(await orderCount()).toBe(before);
  });

  it('is disabled and refuses a POST, 409, when the piece is held by another buyer, and when it is sold out', async () => {
    const last = await restock(getStores().catalog, (await getStores().catalog.listAll()).find((candidate) => candidate.available && candidate.id !== watch.id)!, 1);
    const { sol } = await buttons(last.id);
    const holder = await walletWith(solToLamports(last.price_sol) * 2n);
    const held = await postAction(filled(sol.href), { account: holder.publicKey.toBase58() });
    expect(held.response.status).toBe(200);

    const asHeld = await getAction(last.id);
    answers.push({ type: 'ActionGetResponse', value: asHeld.body });
    expect(asHeld.body).toMatchObject({ disabled: true, label: 'Held by another buyer', error: { message: expect.stringMatching(/held by a buyer who is paying now/) } });
    const other = await walletWith(solToLamports(last.price_sol) * 2n);
    const refused = await postAction(filled(sol.href), { account: other.publicKey.toBase58() });
    expect(refused.response.status).toBe(409);
    expect(refused.body.message).toMatch(/held/i);
    expectWalletHeaders(refused.response);

    await restock(getStores().catalog, last, 0);
    const soldOut = await getAction(last.id);
    expect(soldOut.body).toMatchObject({ disabled: true, label: 'Sold out', error: { message: 'This watch is sold out' } });
    expect(soldOut.body.links).toBeUndefined();
    const refusedSold = await postAction(filled(sol.href), { account: other.publicKey.toBase58() });
    expect(refusedSold).toMatchObject({ body: { message: 'This watch is sold out' } });
    expect(refusedSold.response.status).toBe(409);
  });

  it('never replaces the hold of a wallet that signed in to pay: a stranger naming it is refused', async () => {
    const owner = await walletWith(price() * 3n);
    const account = owner.publicKey.toBase58();
    const response = await createIntent(await signedInPost(`${SHOP}/api/payments`, { watchId: watch.id, wallet: account, shipping: SHIPPING }, account, client()));
    expect(response.status).toBe(201);
    const own = (await response.json()) as PaymentIntentResponse;

    const stranger = await postAction(filled((await buttons()).sol.href, { ...SHIPPING, fullName: 'Mallory' }), { account });
    expect(stranger.response.status).toBe(409);
    expect(stranger.body.message).toBe('This wallet is paying for a watch at ORX right now. Finish or cancel that payment first; nothing was held.');
    expect(await getStores().orders.get(own.orderId)).toMatchObject({ status: 'pending' });

    // Once the owner's payment is given up, the Action holds for the account, and the owner's own
    // checkout, signed in again, replaces that unproven hold at once: no wait imposed by a stranger.
    await cancel(await cancelRequest(own.orderId, account), params(own.orderId));
    const unproven = await postAction(filled((await buttons()).sol.href), { account });
    expect(unproven.response.status).toBe(200);
    const again = await createIntent(await signedInPost(`${SHOP}/api/payments`, { watchId: watch.id, wallet: account, shipping: SHIPPING }, account, client()));
    expect(again.status).toBe(201);
    expect(await getStores().orders.get(orderIdOf((unproven.body.links as { next: unknown }).next))).toMatchObject({ status: 'failed' });
  });

  it('answers the completed step only to the order’s wallet on its own watch, and only once the payment is found', async () => {
    const buyer = await walletWith(price() * 2n);
    const account = buyer.publicKey.toBase58();
    const { body } = await postAction(filled((await buttons()).sol.href), { account });
    const next = (body.links as { next: { href: string } }).next.href;
    const notYet = await postPaid(next, { account });
    expect(notYet.response.status).toBe(409);
    expect(notYet.body.message).toMatch(/not on the chain yet/);
    expect((await postPaid(next, { account: Keypair.generate().publicKey.toBase58() })).response.status).toBe(404);
    const otherWatch = next.replace(watch.id, crypto.randomUUID());
    expect((await postPaid(otherWatch, { account })).response.status).toBe(404);
  });
});

describe('a shop taking simulated payments', () => {
  it('offers no Action: actions.json has no rules, and every Action answers 404 in the spec’s shape', async () => {
    const merchant = process.env.MERCHANT_WALLET;
    delete process.env.MERCHANT_WALLET;
    shop.forgetRuntime();
    try {
      const rules = await actionsJsonRoute.GET();
      expect(rules.headers.get('access-control-allow-origin')).toBe('*');
      expect(await rules.json()).toEqual({ rules: [] });
      const { response, body } = await getAction();
      expect(response.status).toBe(404);
      expect(body).toEqual({ message: 'This shop takes simulated payments only (no MERCHANT_WALLET is configured)' });
      expect((await payRoute.OPTIONS()).status).toBe(204);
    } finally {
      process.env.MERCHANT_WALLET = merchant;
      shop.forgetRuntime();
    }
  });
});

describe('the purchase dialog’s transaction request (/api/pay/{orderId})', () => {
  async function dialogIntent(wallet: Keypair, currency: 'SOL' | 'USDC' = 'SOL'): Promise<PaymentIntentResponse> {
    const account = wallet.publicKey.toBase58();
    const response = await createIntent(await signedInPost(`${SHOP}/api/payments`, { watchId: watch.id, wallet: account, shipping: SHIPPING, currency }, account, client()));
    expect(response.status).toBe(201);
    return (await response.json()) as PaymentIntentResponse;
  }

  const payRequest = (orderId: string, method: 'GET' | 'POST', body?: unknown) =>
    new Request(`${SHOP}/api/pay/${orderId}`, {
      method,
      headers: { ...client(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const orderParams = (orderId: string) => ({ params: Promise.resolve({ orderId }) });

  it('is what the dialog’s QR code carries, and names the shop with its icon', async () => {
    const intent = await dialogIntent(await walletWith(price() * 2n));
    expect(intent.transactionRequestUrl).toBe(`solana:${SHOP}/api/pay/${intent.orderId}`);
    const response = await payRoute.GET(payRequest(intent.orderId, 'GET'), orderParams(intent.orderId));
    expect(response.status).toBe(200);
    expectWalletHeaders(response);
    expect(await response.json()).toEqual({ label: 'ORX', icon: `${SHOP}/icon.svg` });
  });

  it('answers the transaction that pays the order from the phone’s account, which pays it (USDC)', async () => {
    const units = usdToUsdcUnits(usd());
    const phone = await walletWith(10_000_000n, units);
    const intent = await dialogIntent(await walletWith(price() * 2n, units), 'USDC');
    const response = await payRoute.POST(payRequest(intent.orderId, 'POST', { account: phone.publicKey.toBase58() }), orderParams(intent.orderId));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { transaction: string; message: string };
    answers.push({ type: 'ActionPostResponse', value: body });
    expect(body.message).toContain(`Pay ${intent.amount} USDC to ORX`);
    const { signature } = await signAndSend(body.transaction, phone);
    await runBackgroundWork();
    expect(await getStores().orders.get(intent.orderId)).toMatchObject({ status: 'paid', txHash: signature, wallet: phone.publicKey.toBase58() });
  });

  it('refuses before anything is signed: an account without funds, a malformed one, an order no longer open, an unknown one', async () => {
    const intent = await dialogIntent(await walletWith(price() * 2n));
    const post = async (orderId: string, body: unknown) => {
      const response = await payRoute.POST(payRequest(orderId, 'POST', body), orderParams(orderId));
      expectWalletHeaders(response);
      return { status: response.status, body: (await response.json()) as { message: string } };
    };
    expect(await post(intent.orderId, { account: Keypair.generate().publicKey.toBase58() })).toMatchObject({ status: 409, body: { message: expect.stringMatching(/^Insufficient SOL balance/) } });
    expect(await post(intent.orderId, { account: 'nope' })).toMatchObject({ status: 400, body: { message: 'account must be a base58 Solana address' } });
    expect(await post(crypto.randomUUID(), { account: shop.buyer.publicKey.toBase58() })).toMatchObject({ status: 404 });
    const signedIn = (await getStores().orders.get(intent.orderId))!.wallet!;
    await cancel(await cancelRequest(intent.orderId, signedIn), params(intent.orderId));
    expect(await post(intent.orderId, { account: shop.buyer.publicKey.toBase58() })).toMatchObject({
      status: 409,
      body: { message: 'This payment is no longer open: nothing was charged. Start again from the watch at ORX.' },
    });
  });
});

describe('the answers', () => {
  it('fit the Solana Actions spec’s own types', () => {
    expect(answers.map(({ type }) => type)).toEqual(expect.arrayContaining(['ActionGetResponse', 'ActionPostResponse', 'CompletedAction', 'ActionsJson', 'ActionError']));
    expect(specTypeErrors(answers)).toEqual([]);
  }, 60_000);
});
