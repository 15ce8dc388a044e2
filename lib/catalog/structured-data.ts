import type { Watch } from './types';

/** schema.org Product data of a watch page, for search engines' rich results. */
export function productJsonLd(watch: Watch, pageUrl: URL) {
  const absolute = (path: string) => new URL(path, pageUrl).toString();
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `${watch.brand} ${watch.model}`,
    brand: { '@type': 'Brand', name: watch.brand },
    image: watch.image_urls.map(absolute),
    description: watch.description,
    ...(watch.specs.reference ? { sku: watch.specs.reference } : {}),
    url: pageUrl.toString(),
    offers: {
      '@type': 'Offer',
      price: watch.price_eur.toFixed(2),
      priceCurrency: 'EUR',
      availability: watch.available ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      url: pageUrl.toString(),
    },
  };
}

/**
 * JSON for an inline <script>: `<` is escaped so that no text from the catalogue can close the
 * script element (`</script>`) and inject markup.
 */
export function inlineScriptJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
