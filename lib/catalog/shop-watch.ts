import type { Watch } from './types';

/**
 * What the shop's pages send to the browser about a watch: what its card, detail dialog and Buy
 * button show or use. The rest (EUR price, stock count, featured flag, creation time) stays on the
 * server: each listing repeats this for every card in its page's data (issue 25).
 */
export const SHOP_WATCH_FIELDS = ['id', 'brand', 'model', 'description', 'image_urls', 'price_sol', 'specs', 'features', 'available'] as const;

export type ShopWatch = Pick<Watch, (typeof SHOP_WATCH_FIELDS)[number]>;

export function toShopWatch(watch: ShopWatch): ShopWatch {
  return Object.fromEntries(SHOP_WATCH_FIELDS.map((field) => [field, watch[field]])) as ShopWatch;
}
