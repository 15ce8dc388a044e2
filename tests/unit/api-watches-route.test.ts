import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BRAND_QUERY_MAX, BRAND_QUERY_MESSAGES } from '@/lib/catalog/brand-query';
import type { Watch } from '@/lib/catalog/types';
import { closeEmbeddedDatabase } from '@/lib/db/embedded';
import { getStores } from '@/lib/stores';
import { GET } from '@/app/api/watches/route';

// The real stores by default; one test swaps in a catalogue whose database is unreachable.
vi.mock('@/lib/stores', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/stores')>();
  return { getStores: vi.fn(actual.getStores) };
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

async function watchesOf(query: string): Promise<Watch[]> {
  const response = await get(query);
  expect(response.status).toBe(200);
  return ((await response.json()) as { watches: Watch[] }).watches;
}

describe('GET /api/watches', () => {
  it.each([
    ['no brand parameter', '', BRAND_QUERY_MESSAGES.missing],
    ['an empty brand', '?brand=', BRAND_QUERY_MESSAGES.missing],
    ['a blank brand', '?brand=%20%20', BRAND_QUERY_MESSAGES.missing],
    ['an oversized brand', `?brand=${'x'.repeat(BRAND_QUERY_MAX + 1)}`, BRAND_QUERY_MESSAGES.tooLong],
  ])('refuses %s with 400 and a clear message', async (_case, query, message) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
  });

  it('lists only the available watches of the brand asked for', async () => {
    const watches = await watchesOf('?brand=Rolex');
    expect(watches.length).toBeGreaterThan(0);
    expect(watches.every((watch) => watch.brand === 'Rolex' && watch.available)).toBe(true);
  });

  it('reads a URL-encoded brand with a space and an umlaut, trimmed', async () => {
    const watches = await watchesOf(`?brand=${encodeURIComponent(' NOMOS Glashütte ')}`);
    expect(watches.length).toBeGreaterThan(0);
    expect(watches.every((watch) => watch.brand === 'NOMOS Glashütte')).toBe(true);
  });

  it('answers an empty list for a sold-out brand and for an unknown one', async () => {
    expect(await watchesOf('?brand=Franck%20Muller')).toEqual([]);
    expect(await watchesOf('?brand=No%20Such%20House')).toEqual([]);
  });

  it('answers 503 with the listing error when the database cannot be reached', async () => {
    const stores = getStores();
    vi.mocked(getStores).mockReturnValueOnce({
      ...stores,
      catalog: { ...stores.catalog, listByBrand: () => Promise.reject(new Error('connection refused')) },
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await get('?brand=Rolex');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'Failed to load watches' });
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
