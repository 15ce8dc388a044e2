import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedCatalogStore } from '@/lib/catalog/embedded-store';
import { IN_MEMORY, openEmbeddedDatabase } from '@/lib/db/embedded';
import type { DeliveryConfig } from '@/lib/events/config';
import { deliverDueEvents } from '@/lib/events/deliver';
import { createEmbeddedOrderEventStore } from '@/lib/events/embedded-store';
import { RETRY_DELAYS_S } from '@/lib/events/retry';
import type { OrderEvent } from '@/lib/orders/events';
import { createEmbeddedOrderStore } from '@/lib/orders/embedded-store';
import { createEmbeddedThrottleStore } from '@/lib/throttle/embedded-store';
import { MESSAGES_PER_RECIPIENT_PER_DAY } from '@/lib/email/recipient-allowance';
import type { Order } from '@/lib/orders/types';
import { orderFixture } from '../support/purchase-fixtures';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import { startWebhookReceiver, WEBHOOK_TEST_SECRET, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * Delivery of the outbox to a real HTTP endpoint that verifies with the Standard Webhooks library,
 * and to a real SMTP server, on a real (embedded) database. Waiting for a retry is done by moving
 * the event's due time to now, after checking when it was due: the schedule itself is in hours.
 */

let db: PGlite;
const orders = createEmbeddedOrderStore(async () => db);
const events = createEmbeddedOrderEventStore(async () => db);
const throttle = createEmbeddedThrottleStore(async () => db);
let receiver: WebhookReceiver;
let smtp: SmtpReceiver;
let watch: { id: string; brand: string; model: string; price_sol: number };
const chain = { cluster: 'devnet', rpcUrl: 'https://api.devnet.solana.com' } as const;
const lines: string[] = [];

beforeAll(async () => {
  db = await openEmbeddedDatabase(IN_MEMORY);
  watch = (await createEmbeddedCatalogStore(async () => db).listAll())[0]!;
  receiver = await startWebhookReceiver();
  smtp = await startSmtpReceiver();
});

afterAll(async () => {
  await receiver.close();
  await smtp.close();
  await db.close();
});

beforeEach(async () => {
  // Each test starts with nothing due: earlier tests' leftovers are set aside.
  await db.query(`update public.order_events set state = 'skipped' where state = 'pending'`);
  receiver.received.length = 0;
  smtp.messages.length = 0;
  lines.length = 0;
});

const webhookOnly = (): DeliveryConfig => ({ webhook: { url: receiver.url, secret: WEBHOOK_TEST_SECRET }, mail: null });
/** Both channels; the orders here are simulated ones, which are e-mailed only when that is on. */
const both = ({ simulatedOrders = true } = {}): DeliveryConfig => ({
  ...webhookOnly(),
  mail: { smtpUrl: smtp.url, from: 'ORX <orders@orx.example>', simulatedOrders },
});
const deliver = (config: DeliveryConfig, owner = 'test-instance') =>
  deliverDueEvents({ store: events, throttle, config, chain, owner, log: (line) => lines.push(line) });

const simulatedOrder = async (overrides = {}) => (await orders.place(orderFixture(watch, overrides))).order;
const eventOf = async (order: Order, channel: 'webhook' | 'email' = 'webhook'): Promise<OrderEvent> =>
  (await events.forOrder(order.id)).find((event) => event.channel === channel)!;

/** Time passes until the event is due again; returns the seconds it was due in. */
async function waitOut(event: OrderEvent): Promise<number> {
  const { rows } = await db.query<{ seconds: number }>(
    `update public.order_events set next_attempt_at = now() where id = $1
     returning extract(epoch from ((select next_attempt_at from public.order_events where id = $1) - now()))::float8 as seconds`,
    [event.id],
  );
  return rows[0]!.seconds;
}

describe('the order webhook', () => {
  it('arrives signed per Standard Webhooks, with the order webhook data of SPEC §3 and the order', async () => {
    const order = await simulatedOrder();
    expect(await deliver(webhookOnly())).toMatchObject({ delivered: 1 });
    const [hook] = receiver.received;
    expect(hook).toMatchObject({ verified: true, status: 200 });
    expect(hook!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Math.abs(Number(hook!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(hook!.headers['content-type']).toBe('application/json');
    const event = await eventOf(order);
    expect(hook!.id).toBe(event.id);
    expect(hook!.payload).toEqual({
      type: 'order.simulated',
      timestamp: event.createdAt,
      data: {
        orderId: order.id,
        status: 'simulated',
        wallet: order.wallet,
        txHash: order.txHash,
        usdAmount: order.usdAmount,
        solAmount: order.solAmount,
        // Issue 38: what it is paid in, and how much of it.
        currency: 'SOL',
        amount: String(order.solAmount),
        name: 'Ada Lovelace',
        phone: '+44 20 7946 0000',
        email: 'ada@example.com',
        address: '12 St James Square, London',
        watch: { id: watch.id, brand: watch.brand, model: watch.model },
      },
    });
    expect(event).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 200, lastError: null });
    // The log names the order and the event, never the buyer.
    expect(lines.join('\n')).toContain(`order.simulated of order ${order.id}`);
    expect(lines.join('\n')).not.toMatch(/Ada|ada@example|St James|7946/);
  });

  it('is retried on the Standard Webhooks schedule after 500s, with one webhook-id, until a 200', async () => {
    const order = await simulatedOrder();
    receiver.answer(500, 500, 500);
    await deliver(webhookOnly());
    for (const delay of RETRY_DELAYS_S.slice(0, 3)) {
      const event = await eventOf(order);
      expect(event).toMatchObject({ state: 'pending', lastStatus: 500, lastError: 'The endpoint answered 500' });
      // Nothing is sent before the wait is over.
      await deliver(webhookOnly());
      const waited = Math.round(await waitOut(event));
      expect(waited).toBeGreaterThanOrEqual(delay - 2);
      expect(waited).toBeLessThanOrEqual(delay);
      await deliver(webhookOnly());
    }
    expect(receiver.received.map((hook) => hook.status)).toEqual([500, 500, 500, 200]);
    expect(new Set(receiver.received.map((hook) => hook.id)).size).toBe(1);
    expect(receiver.received.every((hook) => hook.verified)).toBe(true);
    expect(await eventOf(order)).toMatchObject({ state: 'delivered', attempts: 4, lastStatus: 200 });
  });

  it('stops at once on 410 Gone, and flags the order', async () => {
    const order = await simulatedOrder();
    receiver.answer(410);
    expect(await deliver(webhookOnly())).toMatchObject({ failed: 1 });
    expect(await eventOf(order)).toMatchObject({ state: 'failed', attempts: 1, lastStatus: 410 });
    await waitOut(await eventOf(order));
    await deliver(webhookOnly());
    expect(receiver.received).toHaveLength(1);
    expect(await events.ordersWithFailures([order.id])).toEqual([order.id]);
  });

  it('has failed after the eighth attempt', async () => {
    const order = await simulatedOrder();
    receiver.answer(...Array.from({ length: 8 }, () => 503));
    await deliver(webhookOnly());
    for (let attempt = 2; attempt <= 8; attempt += 1) {
      await waitOut(await eventOf(order));
      await deliver(webhookOnly());
    }
    expect(receiver.received).toHaveLength(8);
    expect(await eventOf(order)).toMatchObject({ state: 'failed', attempts: 8, lastStatus: 503 });
  });

  it('does not follow a redirect', async () => {
    const order = await simulatedOrder();
    receiver.answer(307);
    await deliver(webhookOnly());
    expect(receiver.received.map((hook) => hook.status)).toEqual([307]);
    expect(await eventOf(order)).toMatchObject({
      state: 'pending',
      lastStatus: 307,
      lastError: 'The endpoint answered 307 (redirects are not followed)',
    });
  });

  it('keeps an event whose endpoint is down, to try again', async () => {
    const order = await simulatedOrder();
    const down = { webhook: { url: 'http://127.0.0.1:9/hooks', secret: WEBHOOK_TEST_SECRET }, mail: null };
    await deliver(down);
    expect(await eventOf(order)).toMatchObject({ state: 'pending', attempts: 1, lastStatus: null });
    expect((await eventOf(order)).lastError).toMatch(/^Could not reach the endpoint/);
  });

  it("fails the receiver's verification when the body was tampered with, or signed with another secret", async () => {
    await simulatedOrder({ name: 'Grace Hopper' });
    await deliver(webhookOnly());
    const [hook] = receiver.received;
    expect(() => receiver.verify(hook!.body, hook!.headers)).not.toThrow();
    const tampered = hook!.body.replace('Grace Hopper', 'Mallory');
    expect(() => receiver.verify(tampered, hook!.headers)).toThrow();
    const forged = { ...hook!.headers, 'webhook-id': crypto.randomUUID() };
    expect(() => receiver.verify(hook!.body, forged)).toThrow();
    const other = await startWebhookReceiver(`whsec_${Buffer.from('another-secret-of-thirty-two-b!!').toString('base64')}`);
    try {
      expect(() => other.verify(hook!.body, hook!.headers)).toThrow();
    } finally {
      await other.close();
    }
  });
});

describe('e-mail to the buyer', () => {
  it('sends one message per event per order, with an HTML and a plain-text part', async () => {
    const order = await simulatedOrder({ email: 'grace@example.com' });
    await deliver(both());
    await deliver(both());
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail!.to).toMatchObject({ text: 'grace@example.com' });
    expect(mail!.from).toMatchObject({ text: '"ORX" <orders@orx.example>' });
    expect(mail!.subject).toBe(`Simulated order, nothing was paid: ${watch.brand} ${watch.model}`);
    expect(mail!.text).toContain('nothing was paid');
    expect(mail!.html).toContain('nothing was paid');
    expect(mail!.messageId).toBe(`<${(await eventOf(order, 'email')).id}@orx.example>`);
    expect(await eventOf(order, 'email')).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 250 });
  });

  it('fails at once on a permanent refusal (5xx), and retries a temporary one (4xx)', async () => {
    smtp.refuse('nobody@example.com', 550);
    smtp.refuse('later@example.com', 451);
    const refused = await simulatedOrder({ email: 'nobody@example.com' });
    const deferred = await simulatedOrder({ email: 'later@example.com' });
    await deliver(both());
    expect(await eventOf(refused, 'email')).toMatchObject({
      state: 'failed',
      lastStatus: 550,
      lastError: 'The mail server refused the message for good (550)',
    });
    expect(await eventOf(deferred, 'email')).toMatchObject({ state: 'pending', lastStatus: 451 });
    expect(smtp.messages).toHaveLength(0);
    // The error kept for the operator does not repeat the address.
    expect((await eventOf(refused, 'email')).lastError).not.toContain('nobody');
  });

  it('is not sent for a simulated order unless the operator turned that on: anyone can type any address there', async () => {
    const order = await simulatedOrder({ email: 'someone-else@example.com' });
    expect(await deliver(both({ simulatedOrders: false }))).toMatchObject({ delivered: 1, skipped: 1 });
    expect(await eventOf(order, 'email')).toMatchObject({
      state: 'skipped',
      lastError: 'E-mails for simulated orders are off (MAIL_SIMULATED_ORDERS)',
    });
    expect(await eventOf(order, 'webhook')).toMatchObject({ state: 'delivered' });
    await deliver(both());
    expect(smtp.messages).toHaveLength(0);
  });

  it('sends one address at most its share of messages a day, however many orders name it', async () => {
    const flood = await Promise.all(
      Array.from({ length: MESSAGES_PER_RECIPIENT_PER_DAY + 3 }, () => simulatedOrder({ email: 'Target@Example.com' })),
    );
    const other = await simulatedOrder({ email: 'bystander@example.com' });
    await deliver(both());
    const to = (mail: (typeof smtp.messages)[number]) => [mail.to ?? []].flat().map((address) => address.text).join();
    expect(smtp.messages.filter((mail) => /target@example\.com/i.test(to(mail)))).toHaveLength(MESSAGES_PER_RECIPIENT_PER_DAY);
    const states = await Promise.all(flood.map(async (order) => (await eventOf(order, 'email')).state));
    expect(states.filter((state) => state === 'failed')).toHaveLength(3);
    const refused = (await Promise.all(flood.map((order) => eventOf(order, 'email')))).find((event) => event.state === 'failed')!;
    expect(refused.lastError).toBe(`Not sent: this address has had ${MESSAGES_PER_RECIPIENT_PER_DAY} messages from the shop in the last day`);
    expect(await eventOf(other, 'email')).toMatchObject({ state: 'delivered' });
  });

  it('is skipped, not kept for later, while e-mail is switched off', async () => {
    const order = await simulatedOrder();
    await deliver(webhookOnly());
    expect(await eventOf(order, 'email')).toMatchObject({ state: 'skipped' });
    await deliver(both());
    expect(smtp.messages).toHaveLength(0);
  });
});
