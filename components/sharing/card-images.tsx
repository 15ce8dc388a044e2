import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { ImageResponse } from 'next/og';
import { CATALOG_LIFE, getWatch } from '@/lib/catalog/cached';
import { gradeAndYear } from '@/lib/catalog/collector';
import { CATALOG_TAG } from '@/lib/catalog/tags';
import { formatEur, formatSol } from '@/lib/price/format';
import { cardFonts, cardPicture } from '@/lib/seo/card-assets';
import { CARD_SIZE } from '@/lib/seo/social-card';
import { ShopSocialCard, WatchSocialCard } from './social-card';

/** The watches on the shop's card: three maisons' best-known pieces of the demo art. */
const SHOP_CARD_PICTURES = [
  '/images/watches/rolex-cosmograph-daytona-126500ln-1.svg',
  '/images/watches/patek-philippe-nautilus-5811-1g-1.svg',
  '/images/watches/audemars-piguet-royal-oak-15510st-1.svg',
];

/**
 * A watch's card as PNG bytes, or null for an unknown id. Drawing one takes a few hundred
 * milliseconds, so the bytes are cached under the catalogue tag: an admin edit redraws the card at
 * the next request.
 */
export async function watchCardPng(id: string): Promise<Uint8Array<ArrayBuffer> | null> {
  'use cache';
  cacheTag(CATALOG_TAG);
  cacheLife(CATALOG_LIFE);
  const watch = await getWatch(id);
  if (!watch) return null;
  const card = (
    <WatchSocialCard
      picture={await cardPicture(watch.image_urls[0])}
      brand={watch.brand}
      model={watch.model}
      facts={gradeAndYear(watch)}
      priceSol={formatSol(watch.price_sol)}
      priceEur={formatEur(watch.price_eur)}
    />
  );
  return png(new ImageResponse(card, { ...CARD_SIZE, fonts: await cardFonts() }));
}

/** The shop's card as PNG bytes: it shows no catalogue data, so it is drawn once, at build time. */
export async function shopCardPng(): Promise<Uint8Array<ArrayBuffer>> {
  'use cache';
  cacheLife('max');
  const pictures = await Promise.all(SHOP_CARD_PICTURES.map(cardPicture));
  return png(new ImageResponse(<ShopSocialCard pictures={pictures} />, { ...CARD_SIZE, fonts: await cardFonts() }));
}

async function png(response: Response): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await response.arrayBuffer());
}
