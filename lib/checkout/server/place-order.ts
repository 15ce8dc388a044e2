import 'server-only';
import type { CatalogStore } from '@/lib/catalog/store';
import { MINT_USD_PER_SOL } from '@/lib/checkout/constants';
import { OrderValidationError, parseOrderInput } from '@/lib/orders/schema';
import type { OrderStore } from '@/lib/orders/store';
import type { Order } from '@/lib/orders/types';

export type PlaceOrderResult =
  | { status: 201 | 200; order: Order }
  | { status: 400 | 404 | 409; error: string };

/**
 * Stores the order of a simulated purchase (SPEC §5, §9: no merchant is configured, so nothing is
 * paid and the order says so: status `simulated`). The order must name a watch that exists and
 * is available, at its catalogue brand, model and SOL price; its USD value is the server's, at
 * the spec's fixed mint rate, whatever the client sent. A retry with the same transaction hash
 * returns the stored order (200) instead of making a second one. When real payments are on, this
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
    return { status: 409, error: 'This shop takes real payments on Solana: an order starts with POST /api/payments' };
  }
  let input;
  try {
    input = parseOrderInput(raw);
  } catch (error) {
    if (error instanceof OrderValidationError) return { status: 400, error: error.message };
    throw error;
  }
  const watch = await stores.catalog.get(input.watch.id);
  if (!watch) return { status: 404, error: 'No watch with that id is in the catalogue' };
  if (watch.brand !== input.watch.brand || watch.model !== input.watch.model) {
    return { status: 400, error: 'The watch brand and model do not match the catalogue' };
  }
  if (watch.price_sol !== input.solAmount) {
    return { status: 400, error: 'solAmount does not match the price of the watch' };
  }
  // A retry of a stored order answers with it, even if the watch has sold out since.
  const existing = await stores.orders.findByTxHash(input.txHash);
  if (existing) return { status: 200, order: existing };
  if (!watch.available) return { status: 409, error: 'This watch is sold out' };
  const usdAmount = Math.round(watch.price_sol * MINT_USD_PER_SOL * 100) / 100;
  const { order, created } = await stores.orders.place({ ...input, usdAmount }, { walletSignedIn: input.wallet === signedInWallet });
  return { status: created ? 201 : 200, order };
}
