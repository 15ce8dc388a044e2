import { connection } from 'next/server';
import { getNewestWatches } from '@/lib/catalog/cached-feeds';
import { siteUrl } from '@/lib/config';
import { LLMS_TXT_WATCHES, llmsTxt } from '@/lib/seo/llms-txt';

/**
 * /llms.txt with the newest watches, from the catalogue's cache (tagged, so an admin edit shows at
 * the next request).
 */
export async function GET() {
  // SITE_URL and the catalogue are read per request, as for the sitemap, not at build time.
  await connection();
  let watches;
  try {
    watches = await getNewestWatches(LLMS_TXT_WATCHES);
  } catch (error) {
    // Without the catalogue the shop's own pages are still worth listing.
    console.error('Listing the watches for llms.txt failed', error);
    watches = [] as const;
  }
  return new Response(llmsTxt(watches, siteUrl()), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
