import 'server-only';
import { connection } from 'next/server';
import { getWatchCount } from '@/lib/catalog/cached-feeds';
import { sitemapFileCount } from './sitemap';

/**
 * How many sitemap files the catalogue fills now (app/sitemap.ts's generateSitemaps and the index,
 * app/sitemap_index.xml). Next also lists the files at build time, without a request (connection()
 * refuses), and the build opens no database: one file then, the others found at request time.
 * Without the catalogue, the first file still lists the pages.
 */
export async function sitemapFilesNow(): Promise<number> {
  try {
    await connection();
  } catch {
    return 1;
  }
  try {
    return sitemapFileCount(await getWatchCount());
  } catch (error) {
    console.error('Counting the watches for the sitemap failed', error);
    return 1;
  }
}
