import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BRAND_QUERY_MAX, BRAND_QUERY_MESSAGES } from '@/lib/catalog/brand-query';
import { NO_FACETS } from '@/lib/catalog/facets';
import { LISTING_PAGE_SIZE, type ListingRequest } from '@/lib/catalog/pages';
import { SHOP_WATCH_FIELDS } from '@/lib/catalog/shop-watch';
import { closeEmbeddedDatabase } from '@/lib/db/embedded';
import { catalogStore } from '@/lib/catalog/server-store';
import { GET as GET_COUNT } from '@/app/api/watches/count/route';
import { GET } from '@/app/api/watches/route';

// The real catalogue by default; one test swaps in a catalogue whose database is unreachable.
vi.mock('@/lib/catalog/server-store', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/catalog/server-store')>();
  return { catalogStore: vi.fn(actual.catalogStore) };
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orx-api-watches-'));
const previousDataDir = process.env.DATA_DIR;

beforeAll(() => {
  process.env.DATA_DIR = dataDir;
});

afterAll(async () => {
  await closeEmbeddedDatabase(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.env.DATA_DIR = previousDataDir;
});

const get = (query: string) => GET(new Request(`http://shop.test/api/watches${query}`));
const count = (query: string) => GET_COUNT(new Request(`http://shop.test/api/watches/count${query}`));

type PageBody = { request: ListingRequest; watches: Record<string, unknown>[]; total: number; page: number; pageCount: number };

async function pageOf(query: string): Promise<PageBody> {
  const response = await get(query);
  expect(response.status).toBe(200);
  return (await response.json()) as PageBody;
}

function unreachableCatalogue() {
  const catalog = catalogStore();
  const refused = () => Promise.reject(new Error('connection refused'));
  vi.mocked(catalogStore).mockReturnValueOnce({ ...catalog, listingPage: refused, availableBrandCount: refused });
}

describe('GET /api/watches (a page of a listing)', () => {
  it('answers the first page of every watch by default, with the total and the number of pages', async () => {
    const body = await pageOf('');
    expect(body.request).toEqual({ listing: 'all', query: '', brand: null, facets: NO_FACETS, sort: 'shuffle', seed: 1, page: 1 });
    expect(body.watches).toHaveLength(LISTING_PAGE_SIZE);
    expect(body.total).toBe(40);
    expect(body).toMatchObject({ page: 1, pageCount: 2 });
  });

  it('sends only what the browser may see of a watch', async () => {
    const { watches } = await pageOf('?listing=all');
    for (const watch of watches) expect(Object.keys(watch).sort()).toEqual([...SHOP_WATCH_FIELDS].sort());
  });

  it('pages one seeded order: two pages hold every watch once', async () => {
    const first = await pageOf('?seed=7&page=1');
    const second = await pageOf('?seed=7&page=2');
    const ids = [...first.watches, ...second.watches].map((watch) => watch.id);
    expect(new Set(ids).size).toBe(40);
    expect((await pageOf('?seed=7&page=1')).watches).toEqual(first.watches);
    expect((await pageOf('?seed=8&page=1')).watches.map((watch) => watch.id)).not.toEqual(first.watches.map((watch) => watch.id));
  });

  it('searches, filters by brand and sorts, also a listing of crypto editions', async () => {
    const daytona = await pageOf('?q=DAYTONA');
    expect(daytona.watches.map((watch) => watch.model)).toEqual(['Cosmograph Daytona']);
    const nomos = await pageOf(`?brand=${encodeURIComponent('NOMOS Glashütte')}`);
    expect(nomos.total).toBe(2);
    const cheapest = (await pageOf('?sort=price-asc')).watches.map((watch) => watch.price_sol as number);
    expect(cheapest).toEqual([...cheapest].sort((a, b) => a - b));
    expect((await pageOf('?listing=crypto')).total).toBe(18);
  });

  it("filters by the collector's data, as Show more asks for a filtered view's next page", async () => {
    const unworn = await pageOf('?condition=unworn&papers=both&year_from=2022');
    expect(unworn.watches.map((watch) => watch.model).sort()).toEqual([
      'Carrera Chronograph Glassbox',
      'Navitimer B01 Chronograph 43',
      'Pilot’s Watch Mark XX',
      'Spirit Zulu Time 42',
    ]);
    expect(unworn.request.facets).toMatchObject({ condition: ['unworn'], papers: ['both'], year: { from: 2022, to: null } });
    expect((await pageOf('?ref=126610-ln')).watches.map((watch) => watch.model)).toEqual(['Submariner Date']);
  });

  it.each([
    ['an unknown listing', '?listing=bargains'],
    ['an unknown sort', '?sort=cheapest'],
    ['a seed out of range', '?seed=0'],
    ['a page that is not a number', '?page=two'],
    ['an oversized search', `?q=${'x'.repeat(101)}`],
    ['a grade off the scale', '?condition=mint'],
    ['a year that is no number', '?year_from=soon'],
    ['a reference with markup', '?ref=%3Cb%3E'],
  ])('refuses %s with 400 and a clear message', async (_case, query) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/^The \w+ query parameter must be/);
  });

  it('answers 503 with the listing error when the database cannot be reached', async () => {
    unreachableCatalogue();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await get('?q=daytona');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'Failed to load watches' });
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});

describe('GET /api/watches/count (the brand cards)', () => {
  it.each([
    ['no brand parameter', '', BRAND_QUERY_MESSAGES.missing],
    ['an empty brand', '?brand=', BRAND_QUERY_MESSAGES.missing],
    ['a blank brand', '?brand=%20%20', BRAND_QUERY_MESSAGES.missing],
    ['an oversized brand', `?brand=${'x'.repeat(BRAND_QUERY_MAX + 1)}`, BRAND_QUERY_MESSAGES.tooLong],
  ])('refuses %s with 400 and a clear message', async (_case, query, message) => {
    const response = await count(query);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
  });

  it('counts the available watches of a brand, read URL-encoded and trimmed', async () => {
    const answer = async (query: string) => {
      const response = await count(query);
      expect(response.status).toBe(200);
      return ((await response.json()) as { count: number }).count;
    };
    expect(await answer('?brand=Rolex')).toBeGreaterThan(0);
    expect(await answer(`?brand=${encodeURIComponent(' NOMOS Glashütte ')}`)).toBe(2);
    expect(await answer('?brand=Franck%20Muller')).toBe(0);
    expect(await answer('?brand=No%20Such%20House')).toBe(0);
  });

  it('answers 503 when the database cannot be reached', async () => {
    unreachableCatalogue();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await count('?brand=Rolex');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'Failed to load watches' });
    logged.mockRestore();
  });
});
