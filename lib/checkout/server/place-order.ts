import 'server-only';
import type { CatalogStore } from '@/lib/catalog/store';
import { MINT_USD_PER_SOL } from '@/lib/checkout/constants';
import { OrderValidationError, parseOrderInput } from '@/lib/orders/schema';
import type { OrderStore } from '@/lib/orders/store';
import type { Order } from '@/lib/orders/types';
import { usdValue } from '@/lib/price/format';
import { refuse, type Refusal } from '@/lib/result';

/** `created`: false when a retry found the order it had stored. */
export type PlaceOrderResult =
  | { ok: true; order: Order; created: boolean }
  | Refusal<'real-payments' | 'invalid' | 'unknown-watch' | 'sold-out'>;

/**
 * Stores the order of a simulated purchase (SPEC §5, §9: no merchant is configured, so nothing is
 * paid and the order says so: status `simulated`). The order must name a watch that exists and
 * is available, at its catalogue brand, model and SOL price; its USD value is the server's, at
 * the spec's fixed mint rate, whatever the client sent. A retry with the same transaction hash
 * returns the stored order instead of making a second one. When real payments are on, this
 * route stores nothing: a made-up signature must never become an order. The order is listed under
 * "My Orders" only when its wallet is the request's signed-in wallet (`signedInWallet`).
 */
export async function placeOrder(
  raw: unknown,
  stores: { catalog: CatalogStore; orders: OrderStore },
  payments: 'simulated' | 'solana',
  signedInWallet: string | null,
): Promise<PlaceOrderResult> {
  if (payments === 'solana') {
    return refuse('real-payments', 'This shop takes real payments on Solana: an order starts with POST /api/payments');
  }
  let input;
  try {
    input = parseOrderInput(raw);
  } catch (error) {
    if (error instanceof OrderValidationError) return refuse('invalid', error.message);
    throw error;
  }
  const watch = await stores.catalog.get(input.watch.id);
  if (!watch) return refuse('unknown-watch', 'No watch with that id is in the catalogue');
  if (watch.brand !== input.watch.brand || watch.model !== input.watch.model) {
    return refuse('invalid', 'The watch brand and model do not match the catalogue');
  }
  if (watch.price_sol !== input.solAmount) {
    return refuse('invalid', 'solAmount does not match the price of the watch');
  }
  // A retry of a stored order answers with it, even if the watch has sold out since.
  const existing = await stores.orders.findByTxHash(input.txHash);
  if (existing) return { ok: true, order: existing, created: false };
  if (!watch.available) return refuse('sold-out', 'This watch is sold out');
  const usdAmount = usdValue(watch.price_sol, MINT_USD_PER_SOL);
  const { order, created } = await stores.orders.place({ ...input, usdAmount }, { walletSignedIn: input.wallet === signedInWallet });
  return { ok: true, order, created };
}
