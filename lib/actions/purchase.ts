import 'server-only';
import { PublicKey, type Connection } from '@solana/web3.js';
import type { ActionPostResponse } from '@solana/actions';
import { z } from '@/lib/zod';
import { refuse } from '@/lib/result';
import { createPaymentIntent, type IntentDependencies, type IntentResult } from '@/lib/checkout/server/intent';
import { accountRequestSchema, paymentTransactionResponse } from '@/lib/checkout/server/transaction-request';
import { SHIPPING_PARAMETERS } from './shipping-parameters';
import { watchActionPaidPath } from './links';

/**
 * POST on a watch's Action: the buyer's wallet names its account, the blink the currency and the
 * shipping details it asked for; the answer is the transaction that buys the watch. The intent is
 * made exactly as the purchase dialog's (createPaymentIntent: the wallet can pay, one hold per
 * wallet, the client's bounds, the server's price), for an account nobody proved
 * (walletSignedIn: false). Its payment is then found, settled, certified and told like any other.
 */

const actionPostSchema = accountRequestSchema.extend({
  // What a newer blink client sends for the parameters besides (or instead of) the URL's.
  data: z.record(z.string(), z.union([z.string().max(1000), z.array(z.string().max(1000)).max(10)])).optional(),
});

export type ActionPurchaseDependencies = Omit<IntentDependencies, 'wallet' | 'walletSignedIn'> & { connection: Connection };

export type ActionPurchaseResult = { ok: true; response: ActionPostResponse } | Exclude<IntentResult, { ok: true }>;

export async function buyByAction(watchId: string, url: URL, raw: unknown, deps: ActionPurchaseDependencies): Promise<ActionPurchaseResult> {
  const parsed = actionPostSchema.safeParse(raw);
  if (!parsed.success) return refuse('invalid', parsed.error.issues[0]?.message ?? 'account must be a base58 Solana address');
  const { account, data } = parsed.data;
  const request = { watchId, currency: url.searchParams.get('currency') ?? 'SOL', wallet: account, shipping: shippingOf(url, data ?? {}) };
  const result = await createPaymentIntent(request, { ...deps, wallet: account, walletSignedIn: false });
  if (!result.ok) return result;
  const next = { type: 'post' as const, href: `${deps.shopOrigin}${watchActionPaidPath(watchId, result.intent.orderId)}` };
  const watchName = `${result.order.watch.brand} ${result.order.watch.model}`;
  return { ok: true, response: await paymentTransactionResponse(result.intent, watchName, new PublicKey(account), deps.connection, { links: { next } }) };
}

/**
 * Each shipping field from the URL the blink filled in, else from the body's `data`. A `{name}`
 * placeholder the client left as it was is no answer: the dialog's rules then say what is missing.
 */
function shippingOf(url: URL, data: Record<string, string | string[]>): Record<string, string | undefined> {
  const filled = (value: string | string[] | null | undefined) => {
    const text = Array.isArray(value) ? value[0] : value;
    return text === null || text === undefined || /^\{\w+\}$/.test(text) ? undefined : text;
  };
  return Object.fromEntries(SHIPPING_PARAMETERS.map(({ name }) => [name, filled(url.searchParams.get(name)) ?? filled(data[name])]));
}
