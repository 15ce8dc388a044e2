import type { OrderInput } from '@/lib/orders/types';
import { MINT_USD_PER_SOL } from '@/lib/checkout/constants';
import type { PurchaseWatch } from '@/lib/catalog/types';
import { simulatedSignature } from '@/lib/checkout/browser/signature';

/** A watch of the demo catalogue's shape, as the purchase code receives it. */
export const PURCHASE_WATCH: PurchaseWatch = {
  id: '5f0c3a52-8a5e-4a8e-9a43-1b8f1d3c2a10',
  brand: 'Rolex',
  model: 'Submariner Date 126610LN',
  price_sol: 85.5,
  available: true,
  image_urls: ['/images/watches/rolex-submariner-date-126610ln-1.svg'],
  specs: { nft_image: '/images/watches/rolex-submariner-date-126610ln-nft.svg' },
};

/** A valid order (the webhook data of SPEC §3) for a watch, with a fresh transaction hash. */
export function orderFixture(
  watch: { id: string; brand: string; model: string; price_sol: number },
  overrides: Partial<OrderInput> = {},
): OrderInput {
  return {
    wallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
    txHash: simulatedSignature(),
    usdAmount: Math.round(watch.price_sol * MINT_USD_PER_SOL * 100) / 100,
    solAmount: watch.price_sol,
    name: 'Ada Lovelace',
    phone: '+44 20 7946 0000',
    email: 'ada@example.com',
    address: '12 St James Square, London',
    watch: { id: watch.id, brand: watch.brand, model: watch.model },
    ...overrides,
  };
}
