import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { siteUrl } from '@/lib/config';
import { SITEMAP_INDEX_PATH } from '@/lib/seo/sitemap';

/** Crawlers may read the shop, not the admin panel or the API. SITE_URL is read per request. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection();
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/admin', '/api'] },
    // The index of the sitemap's files (lib/seo/sitemap.ts).
    sitemap: new URL(SITEMAP_INDEX_PATH, siteUrl()).href,
  };
}
