import type { CatalogStore } from '@/lib/catalog/store';
import type { PaymentIntentInput } from '@/lib/orders/types';
import { orderFixture } from './purchase-fixtures';
import { base58 } from './store-targets';

/** A watch of the contract suites' own, priced 10 SOL, that the suite removes afterwards. */
export const createContractWatch = (catalog: CatalogStore, brand: string, suite: string) =>
  catalog.create({
    brand,
    model: 'Reference One',
    description: `A watch made by the ${suite} contract suite.`,
    image_urls: ['/images/watch-placeholder.svg'],
    price_eur: 1400,
    price_sol: 10,
    specs: {},
    features: [],
    featured: false,
    available: true,
  });

/** A payment intent for the watch (10 SOL, a fresh reference, ten minutes to pay). */
export function intentFixture(
  watch: { id: string; brand: string; model: string; price_sol: number },
  overrides: Partial<PaymentIntentInput> = {},
): PaymentIntentInput {
  const { wallet, usdAmount, solAmount, name, phone, email, address, watch: sold } = orderFixture(watch);
  return {
    wallet,
    usdAmount,
    solAmount,
    name,
    phone,
    email,
    address,
    watch: sold,
    lamports: 10_000_000_000n,
    reference: base58(44),
    expiresAt: new Date(Date.now() + 600_000),
    ...overrides,
  };
}
