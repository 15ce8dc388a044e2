import { searchImages } from './raster-images';
import type { Watch } from './types';

const SCHEMA = 'https://schema.org';

/**
 * schema.org Product data of a watch page, complete for Google's merchant listings: an EUR offer
 * (the catalogue's own price_eur, as the admin sets it) with availability, condition and seller,
 * the brand, the shop's id as the SKU (many listings share a reference), the maison's reference as
 * the MPN, the year made and raster images only (issue 50).
 */
export function productJsonLd(watch: Watch, pageUrl: URL) {
  const absolute = (path: string) => new URL(path, pageUrl).toString();
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: `${watch.brand} ${watch.model}`,
    brand: { '@type': 'Brand', name: watch.brand },
    image: searchImages(watch.image_urls).map(absolute),
    description: watch.description,
    sku: watch.id,
    ...(watch.reference ? { mpn: watch.reference } : {}),
    // A year alone is an ISO 8601 date; a decade ("circa 1970s") is not one, so it is left out.
    ...(watch.production_year !== null && !watch.production_year_circa ? { productionDate: String(watch.production_year) } : {}),
    url: pageUrl.toString(),
    offers: {
      '@type': 'Offer',
      price: watch.price_eur.toFixed(2),
      priceCurrency: 'EUR',
      availability: watch.available ? `${SCHEMA}/InStock` : `${SCHEMA}/SoldOut`,
      // schema.org has new and used: only an unworn piece is new; a watch not graded says neither.
      ...(watch.condition ? { itemCondition: `${SCHEMA}/${watch.condition === 'unworn' ? 'NewCondition' : 'UsedCondition'}` } : {}),
      seller: { '@type': 'Organization', name: 'ORX', url: absolute('/') },
      url: pageUrl.toString(),
    },
  };
}

/** Where a watch page sits, as the page's own breadcrumb leads back: Home › All Watches › the watch. */
export function breadcrumbJsonLd(watch: Watch, pageUrl: URL) {
  const trail = [
    { name: 'Home', url: new URL('/', pageUrl) },
    { name: 'All Watches', url: new URL('/watches', pageUrl) },
    { name: `${watch.brand} ${watch.model}`, url: pageUrl },
  ];
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url.toString(),
    })),
  };
}

/**
 * JSON for an inline <script>: `<` is escaped so that no text from the catalogue can close the
 * script element (`</script>`) and inject markup.
 */
export function inlineScriptJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
