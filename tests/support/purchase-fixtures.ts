import type { PurchaseWatch } from '@/lib/purchase/purchase';

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
