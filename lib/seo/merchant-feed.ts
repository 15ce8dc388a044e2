import 'server-only';
import { searchImages } from '@/lib/catalog/raster-images';
import type { CatalogStore } from '@/lib/catalog/store';
import type { Watch } from '@/lib/catalog/types';
import type { ClientLimit } from '@/lib/throttle/client-limit';

/**
 * The product feed for shopping results (Google Merchant Center's RSS 2.0 with its `g:`
 * attributes), issue 50 (4): every watch, sold out too, with its EUR price, its condition and its
 * reference as `g:mpn`. Read from the catalogue a batch at a time and streamed, so a dealer's
 * catalogue never sits in memory at once.
 */

const BATCH = 500;
const NS = 'http://base.google.com/ns/1.0';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** Text as XML character data; characters XML 1.0 cannot hold at all are dropped. */
export function xmlText(value: string): string {
  return value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

/** One watch as a feed item: only what it has (a watch nobody graded says no condition). */
export function merchantItem(watch: Watch, site: URL): string {
  const absolute = (path: string) => new URL(path, site).toString();
  const [image, ...more] = searchImages(watch.image_urls).map(absolute);
  const fields: [string, string | null][] = [
    ['id', watch.id],
    ['title', `${watch.brand} ${watch.model}`],
    ['description', watch.description],
    ['link', absolute(`/watches/${watch.id}`)],
    ['image_link', image ?? null],
    ...more.slice(0, 10).map((url): [string, string] => ['additional_image_link', url]),
    ['availability', watch.available ? 'in_stock' : 'out_of_stock'],
    ['price', `${watch.price_eur.toFixed(2)} EUR`],
    ['condition', watch.condition === null ? null : watch.condition === 'unworn' ? 'new' : 'used'],
    ['brand', watch.brand],
    ['mpn', watch.reference],
    // A watch has no GTIN; with a brand and an MPN it is identified, without the MPN it is not.
    ['identifier_exists', watch.reference ? 'yes' : 'no'],
    ['google_product_category', 'Apparel & Accessories > Jewelry > Watches'],
  ];
  const lines = fields.flatMap(([name, value]) => (value === null ? [] : [`<g:${name}>${xmlText(value)}</g:${name}>`]));
  return `<item>${lines.join('')}</item>\n`;
}

/**
 * A feed reader fetches it a few times a day; each fetch reads the whole catalogue, so each client
 * may fetch it a few times an hour (docs/seo.md).
 */
export const MERCHANT_FEED_LIMIT: ClientLimit = {
  purpose: 'merchant-feed-client',
  perClient: 6,
  policy: { windowSeconds: 60 * 60, baseDelaySeconds: 60, maxDelaySeconds: 60 * 60 },
};

/**
 * The feed as a streamed response. The first batch is read before answering, so a database that
 * is down gets an error answer, not a broken feed.
 */
export async function merchantFeed(store: Pick<CatalogStore, 'exportBatch'>, site: URL, batchSize = BATCH): Promise<Response> {
  const encoder = new TextEncoder();
  const items = (watches: Watch[]) => encoder.encode(watches.map((watch) => merchantItem(watch, site)).join(''));
  let watches = await store.exportBatch(null, batchSize);
  /** The batch read last, and the channel's end after the last one (a batch shorter than asked). */
  const write = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    controller.enqueue(items(watches));
    if (watches.length < batchSize) {
      controller.enqueue(encoder.encode('</channel></rss>\n'));
      controller.close();
    }
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        encoder.encode(
          `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="${NS}"><channel>` +
            `<title>ORX</title><link>${xmlText(site.toString())}</link><description>Luxury watches with an NFT certificate, priced in SOL and EUR</description>\n`,
        ),
      );
      write(controller);
    },
    async pull(controller) {
      watches = await store.exportBatch(watches.at(-1)!.id, batchSize);
      write(controller);
    },
  });
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
