import type { SitemapWatch } from '@/lib/catalog/store';
import { searchImages } from '@/lib/catalog/raster-images';

/**
 * The sitemap at any catalogue size (issue 34): an index at /sitemap_index.xml naming files
 * /sitemap/0.xml, /sitemap/1.xml… (Next's generateSitemaps, app/sitemap.ts), each of at most
 * SITEMAP_FILE_URLS. The first file holds the shop's own pages, then the watches,
 * oldest first, so a new watch never moves the others to another file.
 */

export const SITEMAP_PAGES = ['/', '/brands', '/featured', '/watches', '/crypto-editions'] as const;

/** The index's address, where robots.txt and llms.txt point. */
export const SITEMAP_INDEX_PATH = '/sitemap_index.xml';

/**
 * URLs per file: sitemaps.org allows 50,000, but such a file is read and written whole, and two
 * of them at once pushed the server's resident memory to its budget (PGlite's memory grows with
 * the rows it returns and does not shrink; docs/performance.md).
 */
export const SITEMAP_FILE_URLS = 10_000;

/** The watches the first file has room for, after the shop's pages. */
const FIRST_FILE_WATCHES = SITEMAP_FILE_URLS - SITEMAP_PAGES.length;

/** How many files `watchCount` watches fill; always the first, which lists the pages. */
export function sitemapFileCount(watchCount: number): number {
  return 1 + Math.ceil(Math.max(0, watchCount - FIRST_FILE_WATCHES) / SITEMAP_FILE_URLS);
}

/** Which watches (in the sitemap's order, from 0) file `file` lists. */
export function sitemapFileWatches(file: number): { offset: number; limit: number } {
  if (file === 0) return { offset: 0, limit: FIRST_FILE_WATCHES };
  return { offset: FIRST_FILE_WATCHES + (file - 1) * SITEMAP_FILE_URLS, limit: SITEMAP_FILE_URLS };
}

/** Where file `file` is served: Next's address for a generateSitemaps id. */
export const sitemapFileUrl = (file: number, base: URL) => new URL(`/sitemap/${file}.xml`, base).href;

/** /sitemap_index.xml: the index of the files. */
export function sitemapIndexXml(fileCount: number, base: URL): string {
  const files = Array.from({ length: fileCount }, (_, file) => `<sitemap><loc>${sitemapFileUrl(file, base)}</loc></sitemap>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files,
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** A shop page's entry. */
export const pageEntry = (path: string, base: URL) => ({ url: new URL(path, base).href, changeFrequency: 'daily' as const });

/** A watch page's entry, with its pictures as the raster files search engines index. */
export function watchEntry(watch: SitemapWatch, base: URL) {
  const url = (path: string) => new URL(path, base).href;
  return {
    url: url(`/watches/${watch.id}`),
    lastModified: watch.created_at,
    changeFrequency: 'weekly' as const,
    images: searchImages(watch.image_urls).map(url),
  };
}
