import { Keypair, PublicKey } from '@solana/web3.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@/lib/auth/password';
import type { Watch } from '@/lib/catalog/types';
import type { OpenedRefund, OrderDetail } from '@/lib/admin/order-query';
import type { Order } from '@/lib/orders/types';
import { createTestMint, fundTokens, sendPayment, sendTokenPayment } from '../support/chain-payments';
import { paidFinalOrder, restock } from '../support/intents';
import { startPaymentsShop, type PaymentsShop } from '../support/payments-shop';
import { orderFixture } from '../support/purchase-fixtures';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import { startWebhookReceiver, WEBHOOK_TEST_SECRET, type WebhookReceiver } from '../support/webhook-receiver';
import { adminCall, errorOf } from '../support/admin-call';

/**
 * Issue 51: refunds that leave the shop on chain. On the local chain (litesvm behind JSON-RPC,
 * standing in for Devnet) with real transfers paid from the merchant's own key, which the shop
 * never holds; the routes called as Next calls them; the worker's pass delivering to a real SMTP
 * server and a webhook receiver that verifies each call.
 */

let shop: PaymentsShop;
let smtp: SmtpReceiver;
let receiver: WebhookReceiver;
let watch: Watch;
let usdcMint: PublicKey;
let routes: {
  open: unknown;
  verify: unknown;
  cancel: unknown;
  qr: unknown;
  detail: unknown;
};
let cookies: { owner: string; fulfilment: string; catalogue: string; notSteppedUp: string };
let runBackgroundWork: () => Promise<unknown>;
let stores: Awaited<typeof import('@/lib/shop/stores')>['getStores'];

beforeAll(async () => {
  [smtp, receiver] = await Promise.all([startSmtpReceiver(), startWebhookReceiver()]);
  shop = await startPaymentsShop(150, 'orx-refunds-', {
    SUPABASE_URL: '',
    SUPABASE_ANON_KEY: '',
    SUPABASE_SERVICE_ROLE_KEY: '',
    ADMIN_USERNAME: 'operator',
    ADMIN_PASSWORD_HASH: await hashPassword('the right password', { N: 2 ** 10, r: 8, p: 1 }),
    SESSION_SECRET: 'a-session-secret-for-the-refund-tests-0123456789',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'ORX <orders@orx.example>',
    ORDER_WEBHOOK_URL: receiver.url,
    ORDER_WEBHOOK_SECRET: WEBHOOK_TEST_SECRET,
  });
  // The shop's USDC: a mint of the test's own, 6 decimals; the merchant's wallet holds some.
  usdcMint = await createTestMint(shop.connection, shop.authority, 6);
  await fundTokens(shop.connection, { mint: usdcMint, authority: shop.authority, owner: shop.merchant, amount: 1_000_000n * 1_000_000n });
  await shop.chain.airdrop(shop.merchant, 1_000n * 1_000_000_000n);
  ({ getStores: stores } = await import('@/lib/shop/stores'));
  ({ runBackgroundWork } = await import('@/lib/jobs/background-work'));
  const { staffCookie } = await import('../support/staff-session');
  routes = {
    open: (await import('@/app/api/admin/orders/[id]/refunds/route')).POST,
    verify: (await import('@/app/api/admin/orders/[id]/refunds/[refundId]/verify/route')).POST,
    cancel: (await import('@/app/api/admin/orders/[id]/refunds/[refundId]/cancel/route')).POST,
    qr: (await import('@/app/api/admin/orders/[id]/refunds/[refundId]/qr/route')).GET,
    detail: (await import('@/app/api/admin/orders/[id]/route')).GET,
  };
  cookies = {
    owner: await staffCookie('owner'),
    fulfilment: await staffCookie('fulfilment'),
    catalogue: await staffCookie('catalogue'),
    notSteppedUp: await staffCookie('fulfilment', { name: 'fulfilment stepped up an hour ago', secondFactorAt: new Date(Date.now() - 3_600_000) }),
  };
  watch = await restock(stores().catalog, (await stores().catalog.listAll())[0]!, 1000);
});

afterAll(async () => {
  await shop?.close();
  await Promise.all([smtp?.close(), receiver?.close()]);
});

/** A final payment of the buyer's wallet: 10 SOL, or 2,000 USDC. */
async function paidOrder(currency: 'SOL' | 'USDC' = 'SOL', buyer = shop.buyer.publicKey): Promise<Order> {
  const token = currency === 'USDC' ? { currency: 'USDC' as const, amount: 2_000_000_000n, mint: usdcMint.toBase58() } : undefined;
  return paidFinalOrder(stores().orders, watch, buyer.toBase58(), token);
}

const openRefund = (order: Pick<Order, 'id'>, body: unknown, cookie = cookies.fulfilment) =>
  adminCall(routes.open, { cookie, method: 'POST', body, params: { id: order.id } });

async function opened(order: Pick<Order, 'id'>, amount: string, reason = 'Scratch on the bezel'): Promise<OpenedRefund> {
  const response = await openRefund(order, { amount, reason });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as OpenedRefund;
}

const verify = async (order: Pick<Order, 'id'>, refund: OpenedRefund) => {
  const response = await adminCall(routes.verify, { cookie: cookies.fulfilment, method: 'POST', params: { id: order.id, refundId: refund.refundId } });
  expect(response.status).toBe(200);
  return (await response.json()) as OrderDetail;
};

/** The webhook call of that type about that order. */
const hookOf = (order: Pick<Order, 'id'>, type: string) =>
  receiver.received.find((candidate) => {
    const payload = candidate.payload as { type: string; data: { orderId: string } };
    return payload.type === type && payload.data.orderId === order.id;
  })!;

const refundOf = (detail: OrderDetail, refund: OpenedRefund) => detail.refunds.find((candidate) => candidate.id === refund.refundId)!;

const paySol = (refund: OpenedRefund, lamports: bigint, to = new PublicKey(refund.recipient)) =>
  sendPayment(shop.connection, { payer: shop.merchantKey, recipient: to, lamports, reference: new PublicKey(refund.reference) });

const payUsdc = (refund: OpenedRefund, amount: bigint, mint = usdcMint) =>
  sendTokenPayment(shop.connection, {
    payer: shop.merchantKey,
    mint,
    recipient: new PublicKey(refund.recipient),
    amount,
    reference: new PublicKey(refund.reference),
    createRecipientAccount: true,
  });

describe('a refund opened by staff', () => {
  it('answers 201 with the Solana Pay request that pays the wallet that paid, and its QR code', async () => {
    const order = await paidOrder();
    const refund = await opened(order, '2.5');
    expect(refund).toMatchObject({ recipient: shop.buyer.publicKey.toBase58(), amount: '2.5', currency: 'SOL' });
    expect(refund.url).toBe(
      `solana:${shop.buyer.publicKey.toBase58()}?amount=2.5&reference=${refund.reference}&label=ORX&message=Refund%20of%20ORX%20order%20${order.id.slice(0, 8)}&memo=ORX%20refund%20${refund.refundId}`,
    );
    const qr = await adminCall(routes.qr, { cookie: cookies.fulfilment, params: { id: order.id, refundId: refund.refundId } });
    expect(qr.headers.get('content-type')).toBe('image/svg+xml');
    expect(await qr.text()).toMatch(/^<svg/);

    const usdc = await opened(await paidOrder('USDC'), '800.25');
    expect(usdc).toMatchObject({ amount: '800.25', currency: 'USDC' });
    expect(usdc.url).toContain(`?amount=800.25&spl-token=${usdcMint.toBase58()}&reference=${usdc.reference}`);
  });

  it('needs the orders role and a recent second factor, from the shop itself, and writes the trail', async () => {
    const order = await paidOrder();
    const catalogue = await openRefund(order, { amount: '1', reason: 'Test' }, cookies.catalogue);
    expect(catalogue.status).toBe(403);
    const stale = await openRefund(order, { amount: '1', reason: 'Test' }, cookies.notSteppedUp);
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    const signedOut = await openRefund(order, { amount: '1', reason: 'Test' }, null as unknown as string);
    expect(signedOut.status).toBe(401);
    const forged = await adminCall(routes.open, {
      cookie: cookies.fulfilment,
      method: 'POST',
      body: { amount: '1', reason: 'Test' },
      params: { id: order.id },
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect(await stores().refunds.forOrders([order.id])).toEqual([]);

    const refund = await opened(order, '1', 'Goodwill');
    const { auditStore } = await import('@/lib/audit/server-store');
    const trail = await auditStore().page({ subject: `order:${order.id}`, limit: 5 });
    expect(trail.map(({ kind, actor, after }) => ({ kind, actor, reason: (after as { reason?: string }).reason }))).toEqual([
      { kind: 'refund.create', actor: 'fulfilment member', reason: 'Goodwill' },
    ]);
    expect(refund.refundId).toBe((trail[0]!.after as { id: string }).id);
  });

  it.each([
    [{ reason: 'x' }, 'An amount is required, as a decimal string such as "0.5"'],
    [{ amount: 1, reason: 'x' }, 'An amount is required, as a decimal string such as "0.5"'],
    [{ amount: '-1', reason: 'x' }, 'The amount must be a decimal number such as "0.5", below a billion'],
    [{ amount: '1e3', reason: 'x' }, 'The amount must be a decimal number such as "0.5", below a billion'],
    [{ amount: '1000000000', reason: 'x' }, 'The amount must be a decimal number such as "0.5", below a billion'],
    [{ amount: '0', reason: 'x' }, 'The amount must be more than zero'],
    [{ amount: '0.0000000001', reason: 'x' }, 'The amount can have at most 9 decimals in SOL'],
    [{ amount: '1' }, 'A reason is required to refund an order'],
    [{ amount: '1', reason: '   ' }, 'A reason is required to refund an order'],
    [{ amount: '1', reason: 'x'.repeat(501) }, 'The reason must be at most 500 characters'],
    [{ amount: '1', reason: 'a\u0000b' }, 'The reason cannot contain control characters'],
  ])('refuses %j with 400, opening nothing', async (body, message) => {
    const order = await paidOrder();
    const response = await openRefund(order, body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(message);
    expect(await stores().refunds.forOrders([order.id])).toEqual([]);
  });

  it('never answers 5xx to any amount or reason, and never opens more than the order paid', async () => {
    const order = await paidOrder();
    const decimal = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 10n }), fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 12 }))
      .map(([whole, fraction]) => (fraction ? `${whole}.${fraction}` : String(whole)));
    const amount = fc.oneof(
      decimal,
      fc.constantFrom('0', '0.000000001', '10', '10.000000001', '999999999', '1000000000', '1e3', '-1', ' 2 ', '٣', '0x10', '', '.5', '5.'),
      fc.string(),
      fc.integer(),
    );
    const reason = fc.oneof(fc.string({ maxLength: 600 }), fc.constantFrom('', ' ', 'a\u0000b', 'x'.repeat(500), 'x'.repeat(501), '😀'.repeat(250)));
    await fc.assert(
      fc.asyncProperty(amount, reason, async (sentAmount, sentReason) => {
        const before = (await stores().refunds.forOrders([order.id])).length;
        const response = await openRefund(order, { amount: sentAmount, reason: sentReason });
        expect(response.status).toBeLessThan(500);
        const after = await stores().refunds.forOrders([order.id]);
        expect(after).toHaveLength(response.status === 201 ? before + 1 : before);
        expect(after.reduce((sum, refund) => sum + BigInt(refund.units), 0n)).toBeLessThanOrEqual(10_000_000_000n);
      }),
      { numRuns: 80 },
    );
  });

  it('refuses more than is left, an order that paid nothing, and leaves one of two refunds racing for the rest', async () => {
    const order = await paidOrder();
    const tooMuch = await openRefund(order, { amount: '10.000000001', reason: 'x' });
    expect(tooMuch.status).toBe(409);
    expect(await errorOf(tooMuch)).toBe('At most 10 SOL is left to refund on this order, counting the refunds open or sent.');
    await opened(order, '4');
    const race = await Promise.all([openRefund(order, { amount: '6', reason: 'x' }), openRefund(order, { amount: '6', reason: 'x' })]);
    expect(race.map((response) => response.status).sort()).toEqual([201, 409]);

    const usdcTooPrecise = await openRefund(await paidOrder('USDC'), { amount: '0.0000001', reason: 'x' });
    expect(await errorOf(usdcTooPrecise)).toBe('The amount can have at most 6 decimals in USDC');

    const demo = (await stores().orders.place(orderFixture(watch, { wallet: Keypair.generate().publicKey.toBase58() }))).order;
    const simulated = await openRefund(demo, { amount: '1', reason: 'x' });
    expect(simulated.status).toBe(409);
    expect(await errorOf(simulated)).toBe('A simulated order cannot be refunded: nothing was paid for it');
    const missing = await openRefund({ id: '00000000-0000-4000-8000-000000000000' }, { amount: '1', reason: 'x' });
    expect(missing.status).toBe(404);
  });
});

describe('a refund the chain answers', () => {
  it('is sent once a full SOL refund paid from the merchant\'s key is final: the order refunded, the buyer told with the signature', async () => {
    const order = await paidOrder();
    const refund = await opened(order, '10');
    const before = await shop.chain.balance(shop.buyer.publicKey);
    const signature = await paySol(refund, 10_000_000_000n);
    const detail = await verify(order, refund);
    expect(refundOf(detail, refund)).toMatchObject({ state: 'sent', signature, url: null });
    expect(detail.order).toMatchObject({ status: 'refunded' });
    expect((await shop.chain.balance(shop.buyer.publicKey)) - before).toBe(10_000_000_000n);

    await runBackgroundWork();
    const hook = hookOf(order, 'order.refunded');
    expect(hook.verified).toBe(true);
    expect(hook.payload).toMatchObject({
      type: 'order.refunded',
      data: { status: 'refunded', refund: { id: refund.refundId, amount: '10', currency: 'SOL', signature, recipient: shop.buyer.publicKey.toBase58() } },
    });
    const mail = smtp.messages.find((message) => message.subject === `Refunded: ${watch.brand} ${watch.model}` && message.text?.includes(order.id))!;
    expect(mail.text).toContain('we sent 10 SOL back');
    expect(mail.html).toContain(`https://solscan.io/tx/${signature}`);
  });

  it('is sent for a partial USDC refund (TransferChecked of the order\'s mint), by the worker alone: the order partially refunded', async () => {
    const order = await paidOrder('USDC');
    const refund = await opened(order, '800.25');
    const signature = await payUsdc(refund, 800_250_000n);
    await runBackgroundWork();
    const [stored] = await stores().refunds.forOrders([order.id]);
    expect(stored).toMatchObject({ state: 'sent', signature, amount: '800.25', currency: 'USDC' });
    expect(await stores().orders.get(order.id)).toMatchObject({ status: 'partially_refunded' });
    await runBackgroundWork();
    const hook = hookOf(order, 'order.partially_refunded');
    expect(hook.payload).toMatchObject({ type: 'order.partially_refunded', data: { refund: { amount: '800.25', currency: 'USDC', signature } } });

    // The buyer sees it under My Orders with its transaction; the operator's CSV says how much came back.
    const { buyerOrders } = await import('@/lib/orders/buyer-orders');
    const mine = await buyerOrders(shop.buyer.publicKey.toBase58(), { ...stores(), refundsOf: stores().refunds.forOrders });
    expect(mine.find((candidate) => candidate.id === order.id)).toMatchObject({
      statusLabel: 'Partially refunded',
      refunds: [{ id: stored!.id, amount: '800.25', currency: 'USDC', signature, sentAt: expect.any(String) }],
    });
    const { ordersCsv } = await import('@/lib/admin/order-routes');
    const [header, line] = (await (await ordersCsv(stores(), { status: null, q: order.txHash, offset: 0 })).text()).replace('\uFEFF', '').split('\r\n');
    // Paid in, Amount paid, Refunded.
    expect(header).toContain(',Paid in,Amount paid,Refunded,');
    expect(line).toContain(',USDC,2000,800.25,');
  });

  it('is never marked sent by a transfer to another wallet, a short one, one in another mint, or one not final yet, and says why', async () => {
    const sol = await paidOrder();
    const solRefund = await opened(sol, '3');
    await paySol(solRefund, 3_000_000_000n, Keypair.generate().publicKey);
    expect(refundOf(await verify(sol, solRefund), solRefund)).toMatchObject({
      state: 'open',
      failure: "The transaction paid 0 lamports to the buyer's wallet, not the 3000000000 asked.",
    });
    await paySol(solRefund, 2_999_999_999n);
    expect(refundOf(await verify(sol, solRefund), solRefund)).toMatchObject({
      state: 'open',
      failure: "The transaction paid 2999999999 lamports to the buyer's wallet, not the 3000000000 asked.",
    });

    const usdc = await paidOrder('USDC');
    const usdcRefund = await opened(usdc, '5');
    const otherMint = await createTestMint(shop.connection, shop.authority, 6);
    await fundTokens(shop.connection, { mint: otherMint, authority: shop.authority, owner: shop.merchant, amount: 1_000_000_000n });
    await payUsdc(usdcRefund, 5_000_000n, otherMint);
    expect(refundOf(await verify(usdc, usdcRefund), usdcRefund)).toMatchObject({
      state: 'open',
      failure: "The transaction paid 0 USDC to the buyer's wallet, not the 5 asked.",
    });

    // Landed but not final: it waits.
    await shop.chain.holdFinality(solRefund.reference, true);
    const signature = await paySol(solRefund, 3_000_000_000n);
    expect(refundOf(await verify(sol, solRefund), solRefund)).toMatchObject({ state: 'open', signature: null });
    expect(await stores().orders.get(sol.id)).toMatchObject({ status: 'paid' });
    await shop.chain.holdFinality(solRefund.reference, false);
    expect(refundOf(await verify(sol, solRefund), solRefund)).toMatchObject({ state: 'sent', signature });
  });

  it('is cancelled by staff only while nobody paid it, and then never recorded', async () => {
    const order = await paidOrder();
    const cancel = (refund: OpenedRefund) =>
      adminCall(routes.cancel, { cookie: cookies.fulfilment, method: 'POST', params: { id: order.id, refundId: refund.refundId } });
    const unpaid = await opened(order, '1');
    const cancelled = await cancel(unpaid);
    expect(cancelled.status).toBe(200);
    expect(refundOf((await cancelled.json()) as OrderDetail, unpaid)).toMatchObject({ state: 'cancelled', url: null });
    expect((await cancel(unpaid)).status).toBe(409);
    const qr = await adminCall(routes.qr, { cookie: cookies.fulfilment, params: { id: order.id, refundId: unpaid.refundId } });
    expect(qr.status).toBe(404);

    // Paid meanwhile: the chain is asked first, and the refund is recorded, not cancelled.
    const paid = await opened(order, '1');
    const signature = await paySol(paid, 1_000_000_000n);
    const late = await cancel(paid);
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toBe('This refund was paid meanwhile: it is recorded as sent.');
    expect(await stores().refunds.get(paid.refundId)).toMatchObject({ state: 'sent', signature });
    // Landed but not final: not cancelled (it would leave unrecorded), recorded once final.
    const confirming = await opened(order, '1');
    await shop.chain.holdFinality(confirming.reference, true);
    const landed = await paySol(confirming, 1_000_000_000n);
    const early = await cancel(confirming);
    expect(early.status).toBe(409);
    expect(await errorOf(early)).toBe('A transfer paying this refund is being confirmed by the network: it cannot be cancelled. Check it again in a minute.');
    expect(await stores().refunds.get(confirming.refundId)).toMatchObject({ state: 'open' });
    await shop.chain.holdFinality(confirming.reference, false);
    expect(refundOf(await verify(order, confirming), confirming)).toMatchObject({ state: 'sent', signature: landed });
    // Another order's refund is not this order's.
    const other = await paidOrder();
    const foreign = await adminCall(routes.cancel, { cookie: cookies.fulfilment, method: 'POST', params: { id: other.id, refundId: paid.refundId } });
    expect(foreign.status).toBe(404);
  });

  it('expires unpaid after its day, once the worker looked one last time', async () => {
    const order = await paidOrder();
    const refund = await opened(order, '1');
    const { openEmbeddedDatabase } = await import('@/lib/db/embedded');
    const db = await openEmbeddedDatabase(process.env.DATA_DIR!);
    await db.query("update public.refunds set expires_at = now() - interval '1 second', next_check_at = now() where id = $1", [refund.refundId]);
    await runBackgroundWork();
    expect(await stores().refunds.get(refund.refundId)).toMatchObject({ state: 'expired' });
    // Its amount is free again.
    await opened(order, '10');
  });
});
