/**
 * The social cards (next/og, the `opengraph-image` routes): one per watch page, one for the shop's
 * other pages. Link previews show PNG, never SVG.
 */
export const CARD_SIZE = { width: 1200, height: 630 } as const;
export const CARD_CONTENT_TYPE = 'image/png';

/** The shop's card, app/opengraph-image.tsx. */
export const SHOP_CARD_PATH = '/opengraph-image';
export const SHOP_CARD_ALT = 'ORX · Swiss blockchain timepieces';
