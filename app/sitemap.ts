import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { getCatalogueWatches } from '@/lib/catalog/cached';
import { searchImages } from '@/lib/catalog/raster-images';
import { siteUrl } from '@/lib/config';

const PAGES = ['/', '/brands', '/featured', '/watches', '/crypto-editions'] as const;

/**
 * Every public page and one page per watch, read at request time so new watches appear; each watch
 * with its pictures (Google's image extension), as the raster files search engines can index.
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const base = siteUrl();
  const url = (path: string) => new URL(path, base).href;
  const pages: MetadataRoute.Sitemap = PAGES.map((path) => ({ url: url(path), changeFrequency: 'daily' }));
  try {
    const watches = await getCatalogueWatches();
    return [
      ...pages,
      ...watches.map((watch) => ({
        url: url(`/watches/${watch.id}`),
        lastModified: watch.created_at,
        changeFrequency: 'weekly' as const,
        images: searchImages(watch.image_urls).map(url),
      })),
    ];
  } catch (error) {
    // Without the catalogue the site's own pages are still worth listing.
    console.error('Listing the watches for the sitemap failed', error);
    return pages;
  }
}
