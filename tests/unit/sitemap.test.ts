import { describe, expect, it } from 'vitest';
import { SITEMAP_FILE_URLS, SITEMAP_PAGES, sitemapFileCount, sitemapFileWatches, sitemapIndexXml } from '@/lib/seo/sitemap';

const base = new URL('https://orx.example');
const FIRST_FILE_ROOM = SITEMAP_FILE_URLS - SITEMAP_PAGES.length;

describe('sitemap files', () => {
  it.each([
    [0, 1],
    [40, 1],
    [FIRST_FILE_ROOM, 1],
    [FIRST_FILE_ROOM + 1, 2],
    [FIRST_FILE_ROOM + SITEMAP_FILE_URLS, 2],
    [FIRST_FILE_ROOM + SITEMAP_FILE_URLS + 1, 3],
    [1_000_000, 101],
  ])('%i watches fill %i files', (watches, files) => {
    expect(sitemapFileCount(watches)).toBe(files);
  });

  it('lists every watch in exactly one file, each file full but the last, none past the protocol’s 50,000 URLs', () => {
    const watches = 3 * SITEMAP_FILE_URLS + 17;
    let next = 0;
    for (let file = 0; file < sitemapFileCount(watches); file++) {
      const { offset, limit } = sitemapFileWatches(file);
      expect(offset).toBe(next);
      expect(limit + (file === 0 ? SITEMAP_PAGES.length : 0)).toBe(SITEMAP_FILE_URLS);
      expect(SITEMAP_FILE_URLS).toBeLessThanOrEqual(50_000);
      next = offset + limit;
    }
    expect(next).toBeGreaterThanOrEqual(watches);
    expect(next - watches).toBeLessThan(SITEMAP_FILE_URLS);
  });

  it('indexes the files at the addresses Next serves them at', () => {
    expect(sitemapIndexXml(2, base)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '<sitemap><loc>https://orx.example/sitemap/0.xml</loc></sitemap>',
        '<sitemap><loc>https://orx.example/sitemap/1.xml</loc></sitemap>',
        '</sitemapindex>',
        '',
      ].join('\n'),
    );
  });
});
