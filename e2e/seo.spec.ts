import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEFAULT_SITE_URL } from '@/lib/seo/default-site-url';

// The e2e shop runs without SITE_URL.
const origin = new URL(DEFAULT_SITE_URL).origin;
const PAGES = ['/', '/brands', '/featured', '/watches', '/crypto-editions'];

/** One row per watch in the demo catalogue's insert. */
const SEEDED_WATCHES = fs.readFileSync(path.join(process.cwd(), 'supabase/seed.sql'), 'utf8').match(/^ {2}\($/gm)?.length ?? 0;

test('the sitemap lists every page and one URL per watch', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toContain('xml');
  const locations = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  for (const page of PAGES) expect(locations).toContain(new URL(page, origin).href);
  const watches = locations.filter((location) => location?.startsWith(`${origin}/watches/`));
  expect(SEEDED_WATCHES).toBe(40);
  expect(watches).toHaveLength(SEEDED_WATCHES);
  expect(new Set(watches).size).toBe(SEEDED_WATCHES);
  for (const watch of watches) expect(watch).toMatch(/\/watches\/[0-9a-f-]{36}$/);
});

test('robots.txt lets crawlers in, keeps /admin and /api out, and points to the sitemap', async ({ request }) => {
  const text = await (await request.get('/robots.txt')).text();
  expect(text).toContain('User-Agent: *');
  expect(text).toContain('Allow: /\n');
  expect(text).toContain('Disallow: /admin');
  expect(text).toContain('Disallow: /api');
  expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
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
