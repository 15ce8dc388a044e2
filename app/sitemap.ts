import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { siteUrl } from '@/lib/config';
import { getStores } from '@/lib/shop/stores';
import { pageEntry, SITEMAP_PAGES, sitemapFileWatches, watchEntry } from '@/lib/seo/sitemap';
import { sitemapFilesNow } from '@/lib/seo/sitemap-files';

/**
 * The sitemap's files, /sitemap/0.xml, /sitemap/1.xml… (lib/seo/sitemap.ts; their index is
 * /sitemap_index.xml): the shop's pages, then each watch page with its pictures, read at request time
 * so new watches appear.
 */

/** The files the catalogue fills now (at build time, only the first is known). */
export async function generateSitemaps() {
  return Array.from({ length: await sitemapFilesNow() }, (_, id) => ({ id }));
}

export default async function sitemap({ id }: { id: Promise<string> }): Promise<MetadataRoute.Sitemap> {
  await connection();
  const base = siteUrl();
  const file = Number(await id);
  const pages = file === 0 ? SITEMAP_PAGES.map((path) => pageEntry(path, base)) : [];
  try {
    const { offset, limit } = sitemapFileWatches(file);
    const watches = await getStores().catalog.sitemapWatches(offset, limit);
    return [...pages, ...watches.map((watch) => watchEntry(watch, base))];
  } catch (error) {
    // Without the catalogue the site's own pages are still worth listing.
    console.error('Listing the watches for the sitemap failed', error);
    return pages;
  }
}
