import { connection } from 'next/server';
import { siteUrl } from '@/lib/config';
import { jsonError } from '@/lib/http/errors';
import { MERCHANT_FEED_LIMIT, merchantFeed } from '@/lib/seo/merchant-feed';
import { getStores } from '@/lib/shop/stores';
import { takeClientLimit } from '@/lib/throttle/client-limit';

/** /feeds/merchant.xml: every watch for shopping results (lib/seo/merchant-feed.ts). */
export async function GET(request: Request) {
  await connection();
  const stores = getStores();
  try {
    const wait = await takeClientLimit(request.headers, stores.throttle, MERCHANT_FEED_LIMIT);
    if (wait !== null) {
      return Response.json(
        { error: 'Too many feed requests from your connection', retryAfterSeconds: wait },
        { status: 429, headers: { 'retry-after': String(wait), 'cache-control': 'no-store' } },
      );
    }
    return await merchantFeed(stores.catalog, siteUrl());
  } catch (cause) {
    console.error('Failed to write the merchant feed', cause);
    return jsonError(503, 'The feed cannot be read right now');
  }
}
