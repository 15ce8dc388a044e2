import { siteUrl } from '@/lib/config';
import { sitemapIndexXml } from '@/lib/seo/sitemap';
import { sitemapFilesNow } from '@/lib/seo/sitemap-files';

/**
 * /sitemap_index.xml, where robots.txt points: the index of the sitemap's files. Next 16 serves
 * the files of generateSitemaps (app/sitemap.ts) at /sitemap/<id>.xml, writes no index of them and
 * refuses a route of our own at /sitemap.xml beside them (it is app/sitemap.ts's name), hence this
 * address; /sitemap.xml redirects here (next.config.ts).
 */
export async function GET() {
  return new Response(sitemapIndexXml(await sitemapFilesNow(), siteUrl()), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
}
