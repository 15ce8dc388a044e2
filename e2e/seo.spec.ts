import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/failure-report';
import { DEFAULT_SITE_URL } from '@/lib/default-site-url';
import { readSitemap } from './support/sitemap';

// The e2e shop runs without SITE_URL.
const origin = new URL(DEFAULT_SITE_URL).origin;
const PAGES = ['/', '/brands', '/featured', '/watches', '/crypto-editions'];

/** One row per watch in the demo catalogue's insert. */
const SEEDED_WATCHES = fs.readFileSync(path.join(process.cwd(), 'supabase/seed.sql'), 'utf8').match(/^ {2}\($/gm)?.length ?? 0;

test('the sitemap is an index of files that list every page and one URL per watch', async ({ request }) => {
  const { index, files } = await readSitemap(request);
  expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  // 40 watches and the pages fit one file (lib/seo/sitemap.ts), at Next's address for id 0.
  expect(index).toContain(`<loc>${origin}/sitemap/0.xml</loc>`);
  expect(files).toHaveLength(1);
  const locations = [...files[0]!.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  for (const page of PAGES) expect(locations).toContain(new URL(page, origin).href);
  const watches = locations.filter((location) => location?.startsWith(`${origin}/watches/`));
  expect(SEEDED_WATCHES).toBe(40);
  expect(watches).toHaveLength(SEEDED_WATCHES);
  expect(new Set(watches).size).toBe(SEEDED_WATCHES);
  for (const watch of watches) expect(watch).toMatch(/\/watches\/[0-9a-f-]{36}$/);
  // A file past the catalogue is no file.
  expect((await request.get('/sitemap/1.xml')).status()).toBe(404);
  // The old address leads to the index.
  const old = await request.get('/sitemap.xml', { maxRedirects: 0 });
  expect(old.status()).toBe(308);
  expect(old.headers()['location']).toBe('/sitemap_index.xml');
});

test('robots.txt lets crawlers in, keeps /admin and /api out, and points to the sitemap', async ({ request }) => {
  const text = await (await request.get('/robots.txt')).text();
  expect(text).toContain('User-Agent: *');
  expect(text).toContain('Allow: /\n');
  expect(text).toContain('Disallow: /admin');
  expect(text).toContain('Disallow: /api');
  // The index: Next serves generateSitemaps' files at /sitemap/<id>.xml and no index of its own.
  expect(text).toContain(`Sitemap: ${origin}/sitemap_index.xml`);
});

const PAGE_META = [
  { path: '/', title: 'Luxury watches with NFT certificates, paid in SOL · ORX' },
  { path: '/brands', title: 'Watch Brands · ORX' },
];

for (const { path: pagePath, title } of PAGE_META) {
  test(`${pagePath} has its title, description, canonical URL and OpenGraph card`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(pagePath);
    await expect(page).toHaveTitle(title);
    const canonical = new URL(pagePath, origin).href;
    const meta = (selector: string) => page.locator(selector).getAttribute('content');
    expect((await meta('meta[name="description"]'))?.length).toBeGreaterThan(50);
    // Next writes the root URL without its trailing slash: compare them as URLs.
    const asUrl = (value: string | null) => new URL(value ?? '').href;
    expect(asUrl(await page.locator('link[rel="canonical"]').getAttribute('href'))).toBe(canonical);
    expect(asUrl(await meta('meta[property="og:url"]'))).toBe(canonical);
    expect(await meta('meta[property="og:title"]')).toBe(title);
    expect(await meta('meta[property="og:description"]')).toBe(await meta('meta[name="description"]'));
    expect(await meta('meta[property="og:site_name"]')).toBe('ORX');
  });
}
