import { COLLECTOR_FIELDS } from './collector';
import { shippedRaster } from './raster-images';
import type { Watch } from './types';

/**
 * What the shop's pages send to the browser about a watch: what its card, detail dialog and Buy
 * button show or use, with the collector's data its details list. The rest (EUR price, stock count, featured flag, creation time) stays on the
 * server: each listing repeats this for every card in its page's data (issue 25).
 */
export const SHOP_WATCH_FIELDS = [
  'id',
  'brand',
  'model',
  'description',
  'image_urls',
  'price_sol',
  'specs',
  'features',
  'available',
  ...COLLECTOR_FIELDS,
] as const;

export type ShopWatch = Pick<Watch, (typeof SHOP_WATCH_FIELDS)[number]>;

/**
 * The shop's own SVG art is shown as its raster twin (lib/catalog/raster-images.ts), which the
 * image optimizer then sizes for the card: Chromium draws every SVG picture in a document of its
 * own, and a grid of them held back a listing's first frame in about a third of loads
 * (docs/performance.md: "Pictures as rasters"). The admin keeps the URLs as stored.
 */
export function toShopWatch(watch: ShopWatch): ShopWatch {
  const picked = Object.fromEntries(SHOP_WATCH_FIELDS.map((field) => [field, watch[field]])) as ShopWatch;
  return { ...picked, image_urls: watch.image_urls.map((src) => shippedRaster(src, 'webp') ?? src) };
}
