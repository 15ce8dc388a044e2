import { describe, expect, it, vi } from 'vitest';
import type { OrderInput } from '@/lib/orders/types';
import { orderFor } from '@/lib/checkout/browser/purchase';
import { ORDER_RETRY_DELAYS_MS, submitOrder } from '@/lib/checkout/browser/submit-order';
import { PURCHASE_WATCH } from '../support/purchase-fixtures';

const order: OrderInput = orderFor(
  {
    watch: PURCHASE_WATCH,
    wallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
    shipping: { fullName: 'Ada Lovelace', phone: '+44 20 7946 0000', email: 'ada@example.com', address: '12 St James Square' },
  },
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
);
const notStored = `Your payment went through, but we could not record your order. Please contact us with your transaction hash: ${order.txHash}`;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function answers(...replies: (Response | Error)[]) {
  const fetch = vi.fn(async () => {
    const reply = replies.shift();
    if (!reply) throw new Error('no more replies');
    if (reply instanceof Error) throw reply;
    return reply;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls: fetch.mock.calls as unknown as [string, RequestInit][] };
}

describe('storing a paid order with POST /api/orders', () => {
  it('posts the order webhook data as JSON once when it is stored', async () => {
    const { fetch, calls } = answers(json(201, { order: { id: 'o-1', txHash: order.txHash } }));
    const wait = vi.fn(async () => {});
    await expect(submitOrder(order, { fetch, wait })).resolves.toEqual({ ok: true, orderId: 'o-1' });
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBe('/api/orders');
    expect(calls[0]![1]).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(String(calls[0]![1].body))).toEqual(order);
    expect(wait).not.toHaveBeenCalled();
  });

  it('retries network errors and 5xx answers with growing waits, then takes the stored order', async () => {
    const { fetch, calls } = answers(new TypeError('Failed to fetch'), json(503, { error: 'down' }), json(200, { order: { id: 'o-1' } }));
    const wait = vi.fn(async () => {});
    await expect(submitOrder(order, { fetch, wait })).resolves.toEqual({ ok: true, orderId: 'o-1' });
    expect(calls).toHaveLength(3);
    expect(wait.mock.calls).toEqual([[ORDER_RETRY_DELAYS_MS[0]], [ORDER_RETRY_DELAYS_MS[1]]]);
    expect(ORDER_RETRY_DELAYS_MS[1]).toBeGreaterThan(ORDER_RETRY_DELAYS_MS[0]!);
  });

  it('gives up after the last retry with a message naming the transaction hash', async () => {
    const { fetch, calls } = answers(...Array.from({ length: 10 }, () => json(503, { error: 'down' })));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(submitOrder(order, { fetch, wait: async () => {} })).resolves.toEqual({ ok: false, message: notStored });
    expect(calls).toHaveLength(ORDER_RETRY_DELAYS_MS.length + 1);
  });

  it('does not retry an order the server rejects', async () => {
    const { fetch, calls } = answers(json(409, { error: 'This watch is sold out' }), json(201, { order: { id: 'o-1' } }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(submitOrder(order, { fetch, wait: async () => {} })).resolves.toEqual({ ok: false, message: notStored });
    expect(calls).toHaveLength(1);
  });

  it("shows the rate limit's own message at once instead of retrying or calling the order lost", async () => {
    const limited = 'Too many orders from your connection in a short time. Nothing was paid or stored. Please try again in 2 minutes.';
    const { fetch, calls } = answers(json(429, { error: limited }), json(201, { order: { id: 'o-1' } }));
    const wait = vi.fn(async () => {});
    await expect(submitOrder(order, { fetch, wait })).resolves.toEqual({ ok: false, message: limited, limited: true });
    expect(calls).toHaveLength(1);
    expect(wait).not.toHaveBeenCalled();
  });
});
