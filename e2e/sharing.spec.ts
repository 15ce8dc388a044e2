import { expect, test } from './support/failure-report';
import type { APIRequestContext } from '@playwright/test';
import { CATALOGUE_SIZE } from './support/catalog';
import { fetchCard, localPath } from './support/sharing';
import { readSitemap } from './support/sitemap';

/**
 * What link previews and search engines get (issue 15): a PNG social card on every page, raster
 * images only in the JSON-LD and the sitemap, and /llms.txt. Read as a crawler reads: server HTML.
 */

const SHOP_PAGES = ['/', '/brands', '/watches', '/featured', '/crypto-editions'];
const RASTER_TYPES = ['image/webp', 'image/jpeg', 'image/png', 'image/gif'];

async function sitemap(request: APIRequestContext) {
  const xml = (await readSitemap(request)).files.join('\n');
  const watchPages = [...xml.matchAll(/<loc>([^<]+\/watches\/[0-9a-f-]{36})<\/loc>/g)].map((match) => localPath(match[1] ?? ''));
  const images = [...xml.matchAll(/<image:loc>([^<]+)<\/image:loc>/g)].map((match) => match[1] ?? '');
  return { xml, watchPages, images };
}

async function expectRaster(request: APIRequestContext, absolute: string) {
  const response = await request.get(localPath(absolute));
  expect(response.status(), absolute).toBe(200);
  expect(RASTER_TYPES, absolute).toContain(response.headers()['content-type']);
}

/** The page's JSON-LD blocks, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1] ?? ''));
}

test('every watch page has a 1200×630 PNG card, large on X, and raster images in its JSON-LD', async ({ request }) => {
  test.setTimeout(180_000);
  const { watchPages } = await sitemap(request);
  expect(watchPages).toHaveLength(CATALOGUE_SIZE);
  const cards = new Set<string>();
  for (const path of watchPages) {
    cards.add((await fetchCard(request, path)).toString('base64'));
    const blocks = jsonLd(await (await request.get(path)).text());
    const product = blocks.find((block) => block['@type'] === 'Product');
    expect(blocks.find((block) => block['@type'] === 'BreadcrumbList'), path).toBeDefined();
    const images = product?.image as string[];
    expect(images.length, path).toBeGreaterThan(0);
    for (const image of images) await expectRaster(request, image);
  }
  // One card per watch, not one picture for all.
  expect(cards.size).toBe(CATALOGUE_SIZE);
});

test('the shop pages share the shop card', async ({ request }) => {
  const cards = new Set<string>();
  for (const path of SHOP_PAGES) cards.add((await fetchCard(request, path)).toString('base64'));
  expect(cards.size).toBe(1);
});

test('the sitemap names each watch’s pictures as raster images that answer', async ({ request }) => {
  const { xml, images } = await sitemap(request);
  expect(xml).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
  expect(images.length).toBeGreaterThanOrEqual(2 * CATALOGUE_SIZE);
  expect(xml).not.toMatch(/<image:loc>[^<]+\.svg<\/image:loc>/);
  for (const image of images) await expectRaster(request, image);
});

test('/llms.txt lists the shop’s pages and the newest watches: all 40 of the demo', async ({ request }) => {
  const response = await request.get('/llms.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const text = await response.text();
  expect(text.startsWith('# ORX\n\n> ')).toBe(true);
  expect(text).toMatch(/^- \[All Watches\]\(https?:\/\/[^)]+\/watches\): /m);
  const { watchPages } = await sitemap(request);
  for (const path of watchPages) expect(text).toContain(`${path}): `);
  expect(text).toMatch(/^- \[Rolex Cosmograph Daytona\]\([^)]+\): 232\.14 SOL \(€32,500\.00\), sold out$/m);
});
