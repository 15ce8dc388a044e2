import type { Metadata } from 'next';
import { CARD_CONTENT_TYPE, CARD_SIZE, SHOP_CARD_ALT, SHOP_CARD_PATH } from './social-card';

type PageMetadataInput = {
  title: string;
  description: string;
  /** The page's path; the root layout's metadataBase (SITE_URL) makes it absolute. */
  path: string;
  /**
   * True when an `opengraph-image` file beside the page draws its card: Next names that one (its
   * URL carries a suffix Next derives). Otherwise the page shows the shop's card.
   */
  ownCard?: boolean;
};

const SHOP_CARD = { url: SHOP_CARD_PATH, alt: SHOP_CARD_ALT, ...CARD_SIZE, type: CARD_CONTENT_TYPE };

/**
 * Title, description, canonical URL, OpenGraph data and social card of a public page, consistent
 * everywhere. The shop's card is named here: a page's own openGraph replaces what the root
 * segment's `opengraph-image` file would give it.
 */
export function pageMetadata({ title, description, path, ownCard = false }: PageMetadataInput): Metadata {
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: {
      title: `${title} · ORX`,
      description,
      url: path,
      siteName: 'ORX',
      type: 'website',
      locale: 'en_US',
      ...(ownCard ? {} : { images: [SHOP_CARD] }),
    },
    // The twitter:image tags follow the OpenGraph image.
    twitter: { card: 'summary_large_image' },
  };
}

/** A meta description of at most `max` characters, cut at a word boundary. */
export function summarize(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,.;:]+$/, '')}…`;
}
