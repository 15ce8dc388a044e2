import type { OrderInput } from '@/lib/orders/types';

/**
 * Stores a paid order with POST /api/orders. The route is idempotent on txHash, so network errors
 * and 5xx answers are retried with backoff; a rejection (4xx) is final. An order that cannot be
 * stored is never dropped silently: the caller gets a message that names the transaction hash. A
 * rate limit (429) is final too and shows the server's own words: retrying at once would only
 * prolong it, and they tell the buyer when to try again.
 */
export type SubmitOrderDependencies = {
  fetch: typeof fetch;
  wait: (ms: number) => Promise<void>;
};

/** `limited`: refused by the rate limit, so nothing was stored and the buyer should try again later. */
export type SubmitOrderResult = { ok: true; orderId: string } | { ok: false; message: string; limited?: true };

/** Waits before the 2nd, 3rd and 4th tries. */
export const ORDER_RETRY_DELAYS_MS = [500, 1500, 4000];

export function orderNotStoredMessage(txHash: string): string {
  return `Your payment went through, but we could not record your order. Please contact us with your transaction hash: ${txHash}`;
}

export async function submitOrder(order: OrderInput, deps: SubmitOrderDependencies): Promise<SubmitOrderResult> {
  for (let attempt = 0; ; attempt++) {
    const outcome = await tryOnce(order, deps.fetch);
    if (outcome.kind === 'stored') return { ok: true, orderId: outcome.orderId };
    if (outcome.kind === 'limited') return { ok: false, message: outcome.message, limited: true };
    if (outcome.kind === 'rejected' || attempt >= ORDER_RETRY_DELAYS_MS.length) {
      console.error('The order could not be stored', outcome.reason);
      return { ok: false, message: orderNotStoredMessage(order.txHash) };
    }
    await deps.wait(ORDER_RETRY_DELAYS_MS[attempt]!);
  }
}

type Outcome =
  | { kind: 'stored'; orderId: string }
  | { kind: 'limited'; message: string }
  | { kind: 'retry' | 'rejected'; reason: unknown };

async function tryOnce(order: OrderInput, fetchOrder: typeof fetch): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetchOrder('/api/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(order),
    });
  } catch (error) {
    return { kind: 'retry', reason: error };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const id = (body as { order?: { id?: unknown } } | null)?.order?.id;
    return typeof id === 'string' ? { kind: 'stored', orderId: id } : { kind: 'retry', reason: body };
  }
  const error = (body as { error?: unknown } | null)?.error;
  if (response.status === 429 && typeof error === 'string') return { kind: 'limited', message: error };
  const retryable = response.status >= 500 || response.status === 429 || response.status === 408;
  return { kind: retryable ? 'retry' : 'rejected', reason: body ?? response.status };
}
