import { shopCardPng } from '@/components/sharing/card-images';
import { CARD_CONTENT_TYPE, CARD_SIZE, SHOP_CARD_ALT } from '@/lib/seo/social-card';

export const alt = SHOP_CARD_ALT;
export const size = CARD_SIZE;
export const contentType = CARD_CONTENT_TYPE;

/** The shop's social card, for every page but a watch's (SHOP_CARD_PATH). */
export default async function Image() {
  return new Response(await shopCardPng(), { headers: { 'content-type': CARD_CONTENT_TYPE, 'cache-control': 'public, max-age=3600' } });
}
