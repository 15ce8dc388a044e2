import { expect, test } from './support/failure-report';
import { E2E_ADMIN_ENV } from './support/admin-credentials';
import { BASE58, base58 } from './support/orders';
import { startShop } from './support/processes';
import { freePorts } from '../scripts/support/production-server';
import { startSmtpReceiver, type SmtpReceiver } from '../tests/support/smtp-receiver';
import { startWebhookReceiver, WEBHOOK_TEST_SECRET, type WebhookReceiver } from '../tests/support/webhook-receiver';
import { STAND_IN_KEYS, startSupabaseStandIn, type SupabaseStandIn } from '../tests/support/supabase-stand-in-process';

/**
 * The outbox with real server processes (the production build under ORX's server, dist/server.mjs) on one
 * Supabase database (the stand-in: real Postgres behind the PostgREST-like API, as hosted Supabase
 * cannot be reached from here). Orders are paid by the SQL function the payment verifier calls,
 * settle_order, through the same API; the shops deliver to a verifying webhook endpoint and an
 * SMTP server. No browser: these are the server's guarantees.
 */

test.describe.configure({ mode: 'serial' });

type Supabase = SupabaseStandIn;

/** The service role's REST call to the stand-in. */
async function rest<T>(supabase: Supabase, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${supabase.urls[0]}/rest/v1/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      apikey: STAND_IN_KEYS.serviceRole,
      authorization: `Bearer ${STAND_IN_KEYS.serviceRole}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  return (await response.json()) as T;
}

type OrderRow = { id: string; paid_at: string };
type EventRow = { id: string; type: string; channel: string; state: string; attempts: number };

/**
 * A payment intent, then paid as the verifier marks it: its settle_order, one statement, then final
 * as the worker marks it once the cluster finalized the transaction (order.paid waits for that).
 * Each order buys a watch that still has a piece, since a paid order sells it.
 */
async function paidOrder(supabase: Supabase, name: string): Promise<OrderRow> {
  const [watch] = await rest<{ id: string; brand: string; model: string }[]>(supabase, 'watches?select=id,brand,model&available=eq.true');
  const [intent] = await rest<OrderRow[]>(supabase, 'orders', {
    status: 'pending',
    wallet: base58(44),
    lamports: '1000000000',
    reference: base58(44),
    expires_at: new Date(Date.now() + 600_000).toISOString(),
    usd_amount: 150,
    sol_amount: 1,
    name,
    phone: '+44 20 7946 0000',
    email: `${name.toLowerCase().replaceAll(' ', '.')}@example.com`,
    address: '12 St James Square, London',
    watch_id: watch!.id,
    watch_brand: watch!.brand,
    watch_model: watch!.model,
  });
  const txHash = base58(88);
  await rest<OrderRow[]>(supabase, 'rpc/settle_order', {
    p_id: intent!.id,
    p_status: 'paid',
    p_tx_hash: txHash,
    p_wallet: base58(44),
    p_refund_due: false,
    p_failure: null,
    // When the payment landed on chain: now, within the intent's time.
    p_paid_at: new Date().toISOString(),
  });
  const [paid] = await rest<OrderRow[]>(supabase, 'rpc/finalize_payment', { p_id: intent!.id, p_tx_hash: txHash });
  return paid!;
}

/**
 * The scheduler's secret: a pass of the background work asked for (POST /api/jobs/settle), as a
 * host without a long-lived process runs it, so that "another pass sends nothing" is proven by
 * passes the test runs, not by sleeping through the loop's.
 */
const PASS_SECRET = 'e2e-order-events-pass-secret';

/** Two passes on every shop, all at once: each finishes its delivery before it answers. */
async function passesAtOnce(shops: readonly { url: string }[]): Promise<void> {
  const reports = await Promise.all(
    shops.flatMap((shop) =>
      [0, 1].map(async () => {
        const response = await fetch(`${shop.url}/api/jobs/settle`, {
          method: 'POST',
          headers: { authorization: `Bearer ${PASS_SECRET}` },
        });
        expect(response.status).toBe(200);
        return ((await response.json()) as { jobs: { name: string; ok: boolean }[] }).jobs;
      }),
    ),
  );
  expect(reports.flat().filter((job) => !job.ok)).toEqual([]);
}

const eventsOf = (supabase: Supabase, orderId: string) =>
  rest<EventRow[]>(supabase, `order_events?select=id,type,channel,state,attempts&order_id=eq.${orderId}&order=channel.desc`);

function shopEnvironment(supabase: Supabase, webhookUrl: string, smtp: SmtpReceiver, extra: Record<string, string> = {}) {
  return {
    ...E2E_ADMIN_ENV,
    ...supabase.settings(0),
    DATA_DIR: '',
    MERCHANT_WALLET: '',
    ORDER_WEBHOOK_URL: webhookUrl,
    ORDER_WEBHOOK_SECRET: WEBHOOK_TEST_SECRET,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'ORX <orders@orx.example>',
    SETTLEMENT_INTERVAL_S: '',
    CRON_SECRET: PASS_SECRET,
    ...extra,
  };
}

let supabase: Supabase;
let smtp: SmtpReceiver;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [supabase, smtp] = await Promise.all([startSupabaseStandIn(1), startSmtpReceiver()]);
});

test.afterAll(async () => {
  await Promise.all([supabase?.stop(), smtp?.close()]);
});

test('an order paid just before a kill -9 is delivered after the restart, once', async () => {
  test.setTimeout(180_000);
  // The endpoint is down until the restart: the shop is told its address before it listens.
  const [webhookPort, firstPort, secondPort] = (await freePorts(3)) as [number, number, number];
  const webhookUrl = `http://127.0.0.1:${webhookPort}/hooks/orx`;
  // Its first pass would come in an hour: nothing is sent between the payment and the kill.
  const first = await startShop(firstPort, shopEnvironment(supabase, webhookUrl, smtp, { SETTLEMENT_INTERVAL_S: '3600' }));
  let receiver: WebhookReceiver | undefined;
  try {
    const order = await paidOrder(supabase, 'Crash Buyer');
    await first.kill('SIGKILL');
    expect((await eventsOf(supabase, order.id)).map(({ channel, state, attempts }) => [channel, state, attempts])).toEqual([
      ['webhook', 'pending', 0],
      ['email', 'pending', 0],
    ]);

    receiver = await startWebhookReceiver(WEBHOOK_TEST_SECRET, webhookPort);
    const second = await startShop(secondPort, shopEnvironment(supabase, webhookUrl, smtp));
    try {
      await expect.poll(async () => (await eventsOf(supabase, order.id)).map((event) => event.state), { timeout: 30_000 }).toEqual([
        'delivered',
        'delivered',
      ]);
      // Further passes must not send it again.
      await passesAtOnce([second]);
    } finally {
      await second.kill();
    }
    const hooks = receiver.received.filter((hook) => (hook.payload as { data: { orderId: string } }).data.orderId === order.id);
    expect(hooks.map((hook) => [hook.verified, (hook.payload as { type: string }).type])).toEqual([[true, 'order.paid']]);
    expect(smtp.messages.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === 'crash.buyer@example.com')).toHaveLength(1);
  } finally {
    await first.kill('SIGKILL');
    await receiver?.close();
  }
});

test('two instances on one database deliver each event once, and how long it takes with the defaults', async () => {
  test.setTimeout(180_000);
  const receiver = await startWebhookReceiver();
  const shops = await Promise.all(
    (await freePorts(2)).map((port) => startShop(port, shopEnvironment(supabase, receiver.url, smtp))),
  );
  const orders: OrderRow[] = [];
  try {
    for (let index = 0; index < 12; index += 1) {
      orders.push(await paidOrder(supabase, `Twin Buyer ${BASE58[index]}`));
      await new Promise((resolve) => setTimeout(resolve, 700));
    }
    const ids = new Set(orders.map((order) => order.id));
    const mine = () => receiver.received.filter((hook) => ids.has((hook.payload as { data: { orderId: string } }).data.orderId));
    const mails = () => smtp.messages.filter((mail) => /^twin\.buyer\./.test(mail.to && 'text' in mail.to ? mail.to.text : ''));
    await expect.poll(() => mine().length + mails().length, { timeout: 60_000 }).toBe(24);
    // Two more passes on each instance, all at once, beside their loops: still once each.
    await passesAtOnce(shops);
    expect(mine()).toHaveLength(12);
    expect(new Set(mine().map((hook) => hook.id)).size).toBe(12);
    expect(mine().every((hook) => hook.verified)).toBe(true);
    expect(mails()).toHaveLength(12);
    expect(new Set(mails().map((mail) => mail.messageId)).size).toBe(12);
    for (const order of orders) {
      expect((await eventsOf(supabase, order.id)).map(({ state, attempts }) => [state, attempts])).toEqual([
        ['delivered', 1],
        ['delivered', 1],
      ]);
    }

    // From `paid` (the database's paid_at) to the webhook's arrival and the e-mail's, with the default 10 s loop.
    const paidAt = new Map(orders.map((order) => [order.id, Date.parse(order.paid_at)]));
    const webhookDelays = mine().map((hook) => hook.at - paidAt.get((hook.payload as { data: { orderId: string } }).data.orderId)!);
    const byEmail = new Map(orders.map((order, index) => [`twin.buyer.${BASE58[index]!.toLowerCase()}@example.com`, order.id]));
    const mailDelays = mails().map((mail) => mail.receivedAt - paidAt.get(byEmail.get(mail.to && 'text' in mail.to ? mail.to.text : '')!)!);
    const summary = (delays: number[]) => {
      const sorted = [...delays].sort((a, b) => a - b);
      return `median ${(sorted[Math.floor(sorted.length / 2)]! / 1000).toFixed(1)} s, max ${(sorted.at(-1)! / 1000).toFixed(1)} s`;
    };
    console.log(`paid -> webhook: ${summary(webhookDelays)}; paid -> e-mail: ${summary(mailDelays)} (${orders.length} orders, 2 instances)`);
    expect(Math.max(...webhookDelays, ...mailDelays)).toBeLessThan(20_000);
  } finally {
    await Promise.all(shops.map((shop) => shop.kill()));
    await receiver.close();
  }
});
