import type { CatalogStore } from '@/lib/catalog/store';
import type { Watch } from '@/lib/catalog/types';
import type { OrderStore } from '@/lib/orders/store';
import type { Order, PaymentIntentInput } from '@/lib/orders/types';

/** A payment intent the test needs placed: its pending order, or a failure naming the refusal. */
export async function placedIntent(orders: OrderStore, input: PaymentIntentInput): Promise<Order> {
  const outcome = await orders.createIntent(input);
  if (!('placed' in outcome)) throw new Error(`The intent was refused: ${outcome.refused}`);
  return outcome.placed;
}

/** Gives a catalogue watch `stock` pieces, for suites that sell it many times over. */
export async function restock(catalog: CatalogStore, watch: Watch, stock: number): Promise<Watch> {
  const { brand, model, description, image_urls, price_eur, price_sol, specs, features, featured } = watch;
  const saved = await catalog.update(watch.id, { brand, model, description, image_urls, price_eur, price_sol, specs, features, featured, stock });
  if (!saved) throw new Error(`No watch ${watch.id} to restock`);
  return saved;
}
