import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@/lib/orders/types';
import { expectNewestFirst } from '../support/order-pages';
import { orderFixture } from '../support/purchase-fixtures';
import { base58 } from '../support/store-targets';
import { anyClient, placedIntent, restock, ROOMY_RULES, settledFinal } from '../support/intents';
import { prepareEmbeddedAdminEnvironment } from '../support/embedded-admin-env';

/**
 * The admin orders API (issue 14) called as Next calls it, on a fresh embedded database: moves,
 * races, the paged list and the CSV export. Set up before the modules load: they read the
 * environment on first use.
 */

const dataDir = await prepareEmbeddedAdminEnvironment('admin-orders', 'the right password', { MERCHANT_WALLET: '' });

const { getStores } = await import('@/lib/shop/stores');
const { getAdminCredentials } = await import('@/lib/auth/credentials');
const { SESSION_COOKIE } = await import('@/lib/auth/session');
const { auditStore } = await import('@/lib/audit/server-store');
const { staffCookie } = await import('../support/staff-session');
const { closeEmbeddedDatabase } = await import('@/lib/db/embedded');
const { proxy } = await import('@/proxy');
const listRoute = await import('@/app/api/admin/orders/route');
const exportRoute = await import('@/app/api/admin/orders/export/route');
const detailRoute = await import('@/app/api/admin/orders/[id]/route');
const statusRoute = await import('@/app/api/admin/orders/[id]/status/route');
const resendRoute = await import('@/app/api/admin/orders/[id]/events/[eventId]/resend/route');
const { ordersCsv } = await import('@/lib/admin/order-routes');

const ORIGIN = 'http://shop.test';
type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Options = { method?: string; body?: unknown; cookie?: string | null; origin?: string };

let cookie: string;
let watch: { id: string; brand: string; model: string; price_sol: number };

function request(pathname: string, { method = 'GET', body, cookie: sent = cookie, origin = ORIGIN }: Options = {}) {
  return new NextRequest(`${ORIGIN}${pathname}`, {
    method,
    headers: {
      host: 'shop.test',
      origin,
      ...(sent ? { cookie: `${SESSION_COOKIE}=${sent}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const call = (handler: unknown, req: NextRequest, params: Record<string, string> = {}) =>
  (handler as Handler)(req, { params: Promise.resolve(params) });

const move = (id: string, body: unknown, options: Options = {}) =>
  call(statusRoute.POST, request(`/api/admin/orders/${id}/status`, { method: 'POST', body, ...options }), { id });

const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

type Moved = { order: Order; history: { actor: string; from: string; to: string; trackingReference: string | null }[] };

function intentFor(forWatch: typeof watch, name: string) {
  const { wallet, usdAmount, solAmount, phone, email, address, watch: sold } = orderFixture(forWatch);
  return placedIntent(getStores().orders, {
    ...{ wallet, usdAmount, solAmount, phone, email, address, watch: sold, name },
    walletSignedIn: true,
    lamports: 10_000_000_000n,
    reference: base58(44),
    expiresAt: new Date(Date.now() + 600_000),
    client: anyClient(),
    rules: ROOMY_RULES,
  });
}

async function paidOrder(name = 'Paid Buyer') {
  const intent = await intentFor(watch, name);
  return (await settledFinal(getStores().orders, intent.id, { status: 'paid', txHash: base58(88), wallet: base58(44), paidAt: new Date() }))!;
}

const simulatedOrder = async (name = 'Demo Buyer') => (await getStores().orders.place(orderFixture(watch, { name }))).order;

beforeAll(async () => {
  cookie = await staffCookie();
  // Every order of the suite is for this one watch.
  watch = await restock(getStores().catalog, (await getStores().catalog.listAll())[0]!, 1000);
});

afterAll(async () => {
  await closeEmbeddedDatabase(path.resolve(dataDir));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('moving an order', () => {
  it('ships a paid order with its tracking reference, then delivers it, recording the operator', async () => {
    const order = await paidOrder();
    const shipped = await move(order.id, { from: 'paid', to: 'shipped', trackingReference: '  DHL 1234567890 ' });
    expect(shipped.status).toBe(200);
    expect(((await shipped.json()) as Moved).order).toMatchObject({ status: 'shipped', trackingReference: 'DHL 1234567890' });

    const delivered = await move(order.id, { from: 'shipped', to: 'delivered' });
    expect(delivered.status).toBe(200);
    const body = (await delivered.json()) as Moved;
    expect(body.order.status).toBe('delivered');
    expect(body.history.map(({ actor, from, to, trackingReference }) => [actor, from, to, trackingReference])).toEqual([
      ['operator', 'paid', 'shipped', 'DHL 1234567890'],
      ['operator', 'shipped', 'delivered', null],
    ]);

    const detail = await call(detailRoute.GET, request(`/api/admin/orders/${order.id}`), { id: order.id });
    expect(detail.status).toBe(200);
    expect((await detail.json()) as unknown).toEqual(JSON.parse(JSON.stringify(body)));

    // Issue 36: the audit trail has each move, by whom, before and after; reading the order wrote nothing.
    const trail = (await auditStore().page({ subject: `order:${order.id}`, limit: 10 })).reverse();
    expect(trail.map(({ kind, actor, before, after }) => ({ kind, actor, before, after }))).toEqual([
      { kind: 'order.update', actor: 'operator', before: { status: 'paid', tracking_reference: null }, after: { status: 'shipped', tracking_reference: 'DHL 1234567890' } },
      { kind: 'order.update', actor: 'operator', before: { status: 'shipped' }, after: { status: 'delivered' } },
    ]);
  });

  it('refuses a move without its tracking reference, a malformed one, or a refund by hand, with 400, changing nothing', async () => {
    const order = await paidOrder();
    const refusals: [unknown, string][] = [
      [{ from: 'paid', to: 'shipped' }, 'A tracking reference is required to ship an order'],
      [{ from: 'paid', to: 'shipped', trackingReference: '   ' }, 'A tracking reference is required to ship an order'],
      [
        { from: 'paid', to: 'shipped', trackingReference: '<script>' },
        "The tracking reference must be the carrier's 4 to 60 letters, digits, spaces, dots, slashes or dashes",
      ],
      [{ from: 'paid', to: 'sold' }, 'to must be one of paid, shipped, delivered'],
      // A refund is no longer a move (issue 51: POST …/refunds, refunds-on-chain.test.ts).
      [{ from: 'paid', to: 'refunded', note: 'Buyer cancelled' }, 'to must be one of paid, shipped, delivered'],
    ];
    for (const [body, message] of refusals) {
      const response = await move(order.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    expect(await getStores().orders.get(order.id)).toEqual(order);
    expect(await getStores().orders.history(order.id)).toEqual([]);
  });

  it('answers a stale move with 409 and what the order is now, and a forbidden one with why', async () => {
    const order = await paidOrder();
    expect((await move(order.id, { from: 'paid', to: 'shipped', trackingReference: 'UPS 1Z999AA10123456784' })).status).toBe(200);
    const stale = await move(order.id, { from: 'paid', to: 'shipped', trackingReference: 'DHL 1234567890' });
    expect(stale.status).toBe(409);
    expect(await errorOf(stale)).toBe('This order was changed in the meantime: it is now shipped. Reload it and try again.');

    const pending = await paidOrder();
    const early = await move(pending.id, { from: 'paid', to: 'delivered' });
    expect(early.status).toBe(409);
    expect(await errorOf(early)).toBe('An order that is paid cannot be marked delivered');

    for (const id of [randomUUID(), 'not-an-id']) {
      const missing = await move(id, { from: 'paid', to: 'delivered' });
      expect(missing.status).toBe(404);
      expect(await errorOf(missing)).toBe('Order not found');
    }
  });

  it('sells a late payment by hand while a piece is free, recording the operator; with none free, 409 says why', async () => {
    const { orders, catalog } = getStores();
    const scarce = await restock(catalog, (await catalog.listAll()).find((candidate) => candidate.id !== watch.id)!, 1);
    const late = await intentFor(scarce, 'Late Buyer');
    await orders.settle(late.id, { status: 'expired', txHash: null, refundDue: false });
    await settledFinal(orders, late.id, { status: 'expired', txHash: base58(88), refundDue: true });
    const holder = await intentFor(scarce, 'Holding Buyer');

    const refused = await move(late.id, { from: 'expired', to: 'paid' });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe('No piece of this watch is free to sell. Restock it first, or refund the payment.');
    expect(await orders.get(late.id)).toMatchObject({ status: 'expired', refundDue: true });

    await orders.settle(holder.id, { status: 'expired', txHash: null, refundDue: false });
    const sold = await move(late.id, { from: 'expired', to: 'paid' });
    expect(sold.status).toBe(200);
    const { order, history } = (await sold.json()) as Moved;
    expect(order).toMatchObject({ status: 'paid', refundDue: false });
    expect(history.map(({ actor, from, to }) => [actor, from, to])).toEqual([[(await getAdminCredentials()).username, 'expired', 'paid']]);
    expect((await catalog.get(scarce.id))?.stock).toBe(0);

    const notLate = await intentFor(watch, 'Unpaid Buyer');
    await orders.settle(notLate.id, { status: 'expired', txHash: null, refundDue: false });
    const forbidden = await move(notLate.id, { from: 'expired', to: 'paid' });
    expect(forbidden.status).toBe(409);
    expect(await errorOf(forbidden)).toBe('An expired order can be sold by hand only when a late payment reached the shop');
  });

  it('lets exactly one of several racing requests move an order', async () => {
    const order = await paidOrder();
    const bodies = [
      { from: 'paid', to: 'shipped', trackingReference: 'DHL 0000000001' },
      { from: 'paid', to: 'shipped', trackingReference: 'UPS 1Z999AA10123456784' },
      { from: 'paid', to: 'shipped', trackingReference: 'DHL 0000000002' },
      { from: 'paid', to: 'shipped', trackingReference: 'UPS 1Z999AA10123456785' },
      { from: 'paid', to: 'shipped', trackingReference: 'DHL 0000000003' },
      { from: 'paid', to: 'shipped', trackingReference: 'DHL 0000000004' },
    ];
    const answers = await Promise.all(bodies.map((body) => move(order.id, body)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await getStores().orders.history(order.id)).toHaveLength(1);
  });

  it('ships a simulated order only while the shop itself is simulated', async () => {
    const demo = await simulatedOrder();

    process.env.MERCHANT_WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
    try {
      const refused = await move(demo.id, { from: 'simulated', to: 'shipped', trackingReference: 'DHL 1234567890' });
      expect(refused.status).toBe(409);
      expect(await errorOf(refused)).toBe('A simulated order cannot be shipped while the shop takes real payments: no SOL was paid for it');
    } finally {
      process.env.MERCHANT_WALLET = '';
    }
    expect((await move(demo.id, { from: 'simulated', to: 'shipped', trackingReference: 'DHL 1234567890' })).status).toBe(200);
  });

  it('refuses a move from another origin (403) or without a session (401), by the handler and the proxy', async () => {
    const order = await paidOrder();
    const body = { from: 'paid', to: 'shipped', trackingReference: 'DHL 1234567890' };
    for (const origin of ['https://evil.example', 'null']) {
      expect((await move(order.id, body, { origin })).status).toBe(403);
      const proxied = await proxy(request(`/api/admin/orders/${order.id}/status`, { method: 'POST', body, origin }));
      expect(proxied.status).toBe(403);
    }
    expect((await move(order.id, body, { cookie: null })).status).toBe(401);
    expect((await proxy(request('/api/admin/orders/export', { cookie: null }))).status).toBe(401);
    expect((await call(exportRoute.GET, request('/api/admin/orders/export', { cookie: null }))).status).toBe(401);
    expect(await getStores().orders.get(order.id)).toEqual(order);
  });
});

describe('the orders list and its export', () => {
  const marker = `Lister${randomUUID().slice(0, 8)}`;
  let made: Order[];

  beforeAll(async () => {
    made = [];
    for (let index = 0; index < 22; index++) made.push(await simulatedOrder(`${marker} Demo ${index}`));
    made.push(await paidOrder(`=HYPERLINK("http://evil.example") ${marker}`));
  });

  const list = async (query: string) => {
    const response = await call(listRoute.GET, request(`/api/admin/orders?${query}`));
    expect(response.status, query).toBe(200);
    return (await response.json()) as { orders: Order[]; hasMore: boolean };
  };

  it('pages the search results twenty at a time, newest first', async () => {
    const first = await list(`q=${marker}`);
    const second = await list(`q=${marker}&offset=20`);
    expect(first.orders).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(second).toMatchObject({ hasMore: false });
    expectNewestFirst([...first.orders, ...second.orders], made);
  });

  it('filters by status', async () => {
    const paid = await list(`q=${marker.toLowerCase()}&status=paid`);
    expect(paid.orders.map((order) => order.id)).toEqual([made.at(-1)!.id]);
  });

  it('refuses a malformed query with 400', async () => {
    for (const [query, message] of [
      ['status=lost', 'Unknown order status'],
      ['offset=-1', 'offset must be a whole number'],
      ['offset=1.5', 'offset must be a whole number'],
      ['offset=abc', 'offset must be a whole number'],
      [`q=${'x'.repeat(201)}`, 'The search must be at most 200 characters'],
      ['q=%00', 'The search cannot contain control characters'],
    ]) {
      const response = await call(listRoute.GET, request(`/api/admin/orders?${query}`));
      expect(response.status, query).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
  });

  it('downloads the filtered list as CSV, formula cells defused', async () => {
    const response = await call(exportRoute.GET, request(`/api/admin/orders/export?status=paid&q=${marker}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="orx-orders-paid-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = Buffer.from(await response.arrayBuffer());
    // A UTF-8 byte-order mark first, so spreadsheets read accented names right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toMatch(/^Order,Placed \(UTC\),Status,Simulated,Name,Email/);
    expect(lines.slice(1)).toEqual([expect.stringContaining(`,Paid,no,"'=HYPERLINK(""http://evil.example"") ${marker}",`), '']);
    expect(lines[1]).toContain(made.at(-1)!.txHash!);

    const all = await call(exportRoute.GET, request(`/api/admin/orders/export?q=${marker}`));
    expect((await all.text()).split('\r\n').filter((line) => line.includes(marker))).toHaveLength(23);

    // Issue 36: who took the buyers' addresses, and which, is on the trail.
    const exports = await auditStore().page({ kind: 'orders.export', limit: 2 });
    expect(exports.map(({ actor, after }) => ({ actor, after }))).toEqual([
      { actor: 'operator', after: { status: null, q: marker } },
      { actor: 'operator', after: { status: 'paid', q: marker } },
    ]);
  });

  it('streams a long list batch by batch (batches of 5 here, 500 in the route), each order once', async () => {
    const response = await ordersCsv(getStores(), { status: null, q: marker, offset: 0 }, { batchSize: 5 });
    const rows = (await response.text()).split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(made.length);
    expect(new Set(rows.map((row) => row.split(',')[0])).size).toBe(made.length);
  });
});

describe('the messages of an order (issue 22)', () => {
  const resend = (id: string, eventId: string, options: Options = {}) =>
    call(resendRoute.POST, request(`/api/admin/orders/${id}/events/${eventId}/resend`, { method: 'POST', ...options }), { id, eventId });
  const detail = async (id: string) =>
    (await (await call(detailRoute.GET, request(`/api/admin/orders/${id}`), { id })).json()) as {
      events: { id: string; type: string; channel: string; state: string; attempts: number }[];
    };

  it('lists them in the order dialog, flags a failed one in the list, and resends it', async () => {
    const order = await paidOrder('Messages Buyer');
    const { events } = await detail(order.id);
    expect(events.map(({ type, channel, state }) => `${type} ${channel} ${state}`)).toEqual([
      'order.paid webhook pending',
      'order.paid email pending',
    ]);
    const webhook = events.find((event) => event.channel === 'webhook')!;
    const [claimed] = (await getStores().events.claim('route-test', ['webhook'], 100, 60)).filter((event) => event.id === webhook.id);
    await getStores().events.finish(claimed!.id, 'route-test', { outcome: 'failed', status: 410, error: 'Gone' }, null);

    const page = (await (await call(listRoute.GET, request('/api/admin/orders?q=Messages%20Buyer'))).json()) as { failedDeliveries: string[] };
    expect(page.failedDeliveries).toEqual([order.id]);

    expect((await resend(order.id, webhook.id, { cookie: null })).status).toBe(401);
    expect((await resend(order.id, webhook.id, { origin: 'https://evil.example' })).status).toBe(403);
    const response = await resend(order.id, webhook.id);
    expect(response.status).toBe(200);
    const resent = ((await response.json()) as Awaited<ReturnType<typeof detail>>).events.find((event) => event.id === webhook.id);
    expect(resent).toMatchObject({ state: 'pending', attempts: 0 });
    // A second click while it waits to be sent: still one message, due now.
    expect((await resend(order.id, webhook.id)).status).toBe(200);

    // Issue 36: the resend is on the order's audit trail, as the operator's.
    const resends = (await auditStore().page({ subject: `order:${order.id}`, kind: 'order_event', limit: 5 })).reverse();
    expect(resends[0]).toMatchObject({ kind: 'order_event.update', actor: 'operator', before: { state: 'failed' }, after: { state: 'pending' } });
  });

  it('refuses to resend a message that is not the order\'s, or one being sent', async () => {
    const order = await paidOrder('Resend Buyer');
    const other = await paidOrder('Other Buyer');
    const [event] = (await detail(order.id)).events;
    expect((await resend(other.id, event!.id)).status).toBe(404);
    expect((await resend(order.id, 'not-a-uuid')).status).toBe(404);
    expect((await resend(order.id, randomUUID())).status).toBe(404);
    await getStores().events.claim('route-test-2', ['webhook', 'email'], 100, 60);
    const inFlight = await resend(order.id, event!.id);
    expect(inFlight.status).toBe(409);
    expect(await errorOf(inFlight)).toBe('This message is being sent or was already delivered.');
  });
});
