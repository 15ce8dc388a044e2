import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NO_FACETS } from '@/lib/catalog/facets';
import { LISTING_PAGE_SIZE, type ListingRequest } from '@/lib/catalog/pages';
import type { Watch, WatchInput } from '@/lib/catalog/types';
import { runOnEveryStore, type Stores, type Target } from '../support/store-targets';

/**
 * Issue 34: the catalogue a page at a time, searched, ordered and counted by SQL, on every store.
 * Each test works with brands of its own run (a listing filtered by that brand), so the seeded
 * catalogue around them changes nothing.
 */

function runContract(target: Target) {
  const run = randomUUID().slice(0, 8);
  const brandOf = (name: string) => `Contract ${run} ${name}`;
  let stores: Stores;
  const made: string[] = [];

  const create = async (overrides: Partial<WatchInput> = {}) => {
    const watch = await stores.catalog.create({
      brand: brandOf('Default'),
      model: 'Reference One',
      description: 'A watch made by the contract suite.',
      image_urls: ['/images/watch-placeholder.svg'],
      price_eur: 1400,
      price_sol: 10,
      specs: {},
      features: [],
      featured: false,
      stock: 1,
      ...overrides,
    });
    made.push(watch.id);
    // The embedded database's clock counts milliseconds: watches made in the same one would tie
    // for "newest first".
    await new Promise((resolve) => setTimeout(resolve, 2));
    return watch;
  };

  const listing = (overrides: Partial<ListingRequest>): ListingRequest => ({
    listing: 'all',
    query: '',
    brand: null,
    facets: NO_FACETS,
    sort: 'shuffle',
    seed: 1,
    page: 1,
    ...overrides,
  });
  const ids = (watches: Pick<Watch, 'id'>[]) => watches.map((watch) => watch.id);
  const models = async (request: Partial<ListingRequest>) => (await stores.catalog.listingPage(listing(request))).watches.map((watch) => watch.model);

  beforeAll(async () => {
    stores = await target.open();
  });

  afterAll(async () => {
    for (const id of made) await stores?.catalog.remove(id);
  });

  it('pages a seeded order without repeating or skipping a watch; another seed, another order', async () => {
    const brand = brandOf('Paging');
    const all: string[] = [];
    for (let index = 0; index < LISTING_PAGE_SIZE * 2 + 7; index++) {
      all.push((await create({ brand, model: `Piece ${index}`, stock: index % 5 === 0 ? 0 : 1 })).id);
    }
    const orderOf = async (seed: number) => {
      const seen: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const result = await stores.catalog.listingPage(listing({ brand, seed, page }));
        expect(result.total).toBe(all.length);
        expect(result.watches.length).toBe(page < 3 ? LISTING_PAGE_SIZE : page === 3 ? 7 : 0);
        seen.push(...ids(result.watches));
      }
      return seen;
    };
    const first = await orderOf(11);
    expect(new Set(first).size).toBe(all.length);
    expect([...first].sort()).toEqual([...all].sort());
    expect(await orderOf(11)).toEqual(first);
    const second = await orderOf(12);
    expect([...second].sort()).toEqual([...all].sort());
    expect(second).not.toEqual(first);
  });

  it('orders by newest or by price in SOL', async () => {
    const brand = brandOf('Sorting');
    await create({ brand, model: 'Middle', price_sol: 20 });
    await create({ brand, model: 'Cheap', price_sol: 5 });
    await create({ brand, model: 'Dear', price_sol: 90 });
    expect(await models({ brand, sort: 'newest' })).toEqual(['Dear', 'Cheap', 'Middle']);
    expect(await models({ brand, sort: 'price-asc' })).toEqual(['Cheap', 'Middle', 'Dear']);
    expect(await models({ brand, sort: 'price-desc' })).toEqual(['Dear', 'Middle', 'Cheap']);
  });

  it('searches as a shopper expects: accents, case, word order, misspellings, model matches first', async () => {
    const brand = brandOf('Search');
    await create({ brand, model: 'Nautilus Traveller', description: 'Steel case with a blue dial.' });
    await create({ brand, model: 'Aquanaut Steel', description: 'A sister of the Nautilus.' });
    await create({ brand, model: 'Calatrava', description: 'A gold dress watch from Glashütte.' });
    const search = (query: string, seed = 1) => models({ brand, query, seed });

    expect(await search('glashutte')).toEqual(['Calatrava']);
    expect(await search('GLASHÜTTE')).toEqual(['Calatrava']);
    expect((await search('nautilus steel')).sort()).toEqual(['Aquanaut Steel', 'Nautilus Traveller']);
    expect((await search('steel nautilus')).sort()).toEqual(['Aquanaut Steel', 'Nautilus Traveller']);
    for (const seed of [1, 2, 3, 4]) expect(await search('nautilis', seed)).toEqual(['Nautilus Traveller', 'Aquanaut Steel']);
    expect(await search('calatrava steel')).toEqual([]);
    expect(await search('   ')).toHaveLength(3);
  });

  it('takes SQL, LIKE and regular-expression characters as plain text', async () => {
    const brand = brandOf('Characters');
    await create({ brand, model: 'Edition 100% Steel' });
    await create({ brand, model: 'Edition 1000' });
    await create({ brand, model: 'Pattern (x|y) Special' });
    await create({ brand, model: 'Under_score' });
    await create({ brand, model: 'Caliber R2S' });
    await create({ brand, model: 'Back\\slash' });
    const search = (query: string) => models({ brand, query });
    expect(await search('100%')).toEqual(['Edition 100% Steel']);
    expect(await search('(x|y)')).toEqual(['Pattern (x|y) Special']);
    expect(await search('r_s')).toEqual(['Under_score']);
    expect(await search('\\')).toEqual(['Back\\slash']);
    expect(await search('.*')).toEqual([]);
    expect(await search("'; drop table public.watches; --")).toEqual([]);
    expect((await stores.catalog.listingPage(listing({}))).total).toBeGreaterThan(0);
  });

  it('never fails on any search text', async () => {
    const brand = brandOf('Any text');
    await create({ brand });
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 120, unit: 'grapheme' }), async (query) => {
        const result = await stores.catalog.listingPage(listing({ brand, query }));
        expect(result.total).toBeGreaterThanOrEqual(0);
        expect(result.watches.length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 40 },
    );
  });

  it('lists the crypto editions and the brands of each listing', async () => {
    const crypto = brandOf('Crypto');
    const plain = brandOf('Plain');
    await create({ brand: crypto, model: 'Chain', features: ['NFT certificate (nft_certified)'] });
    await create({ brand: crypto, model: 'Quiet' });
    await create({ brand: plain, model: 'Plain', features: ['Sapphire crystal'] });

    // SPEC §2's markers, case-sensitive: 'special edition' in lower case is none of them.
    for (const [model, feature] of [['Crypto', 'crypto-native dial'], ['Ledger', 'Anchored on the blockchain'], ['Code', 'QR code caseback'], ['Limited', 'Special Edition of 50']]) {
      await create({ brand: crypto, model, features: [feature!] });
    }
    await create({ brand: crypto, model: 'Lower', features: ['special edition'] });
    const editions = await stores.catalog.listingPage(listing({ listing: 'crypto', brand: crypto, sort: 'newest' }));
    expect(editions.watches.map((watch) => watch.model)).toEqual(['Limited', 'Code', 'Ledger', 'Crypto', 'Chain']);
    expect(editions.total).toBe(5);
    expect((await stores.catalog.listingPage(listing({ listing: 'crypto', brand: plain }))).total).toBe(0);

    const allBrands = await stores.catalog.listingBrands('all');
    expect(allBrands).toEqual(expect.arrayContaining([crypto, plain]));
    expect(new Set(allBrands).size).toBe(allBrands.length);
    const cryptoBrands = await stores.catalog.listingBrands('crypto');
    expect(cryptoBrands).toContain(crypto);
    expect(cryptoBrands).not.toContain(plain);
  });

  it('keeps each listing\'s total and brands right through new watches, edits, deletes and writers at once', async () => {
    const before = brandOf('Counts before');
    const after = brandOf('Counts after');
    const totals = async (brand: string) => ({
      all: (await stores.catalog.listingPage(listing({ brand }))).total,
      crypto: (await stores.catalog.listingPage(listing({ listing: 'crypto', brand }))).total,
    });
    // Eight made at the same moment: on a PostgreSQL server, eight writers of the same count.
    const watches = await Promise.all(Array.from({ length: 8 }, (_, index) => create({ brand: before, model: `Counted ${index}` })));
    expect(await totals(before)).toEqual({ all: 8, crypto: 0 });

    const input = (watch: Watch, changes: Partial<WatchInput>): WatchInput => ({ ...watch, ...changes });
    const [moved, certified, removed] = watches;
    await stores.catalog.update(moved!.id, input(moved!, { brand: after }), moved!.stock);
    await stores.catalog.update(certified!.id, input(certified!, { features: ['NFT certificate (nft_certified)'] }), certified!.stock);
    await stores.catalog.update(watches[3]!.id, input(watches[3]!, { price_sol: 99 }), watches[3]!.stock);
    await stores.catalog.remove(removed!.id);
    expect(await totals(before)).toEqual({ all: 6, crypto: 1 });
    expect(await totals(after)).toEqual({ all: 1, crypto: 0 });
    expect(await stores.catalog.listingBrands('crypto')).toContain(before);

    // Every seed's first page agrees with the count (seeds 1 to 12 are read from their indexes).
    for (const seed of [1, 7, 12, 13]) {
      const page = await stores.catalog.listingPage(listing({ brand: before, seed }));
      expect(page.watches).toHaveLength(6);
    }
    await stores.catalog.update(certified!.id, input(certified!, { features: [] }), certified!.stock);
    await stores.catalog.remove(moved!.id);
    expect(await totals(after)).toEqual({ all: 0, crypto: 0 });
    expect(await stores.catalog.listingBrands('all')).not.toContain(after);
    expect(await stores.catalog.listingBrands('crypto')).not.toContain(before);
  });

  it('counts the available watches of a brand for the brand cards', async () => {
    const brand = brandOf('Counted');
    await create({ brand });
    await create({ brand, stock: 3 });
    await create({ brand, stock: 0 });
    expect(await stores.catalog.availableBrandCount(brand)).toBe(2);
    expect(await stores.catalog.availableBrandCount(brandOf('Nobody'))).toBe(0);
  });

  it('pages the admin grid by brand, then newest first, searched like the storefront', async () => {
    const token = `admin${run}`;
    const b1 = await create({ brand: brandOf('B'), model: `Older ${token}` });
    const a = await create({ brand: brandOf('A'), model: `Only ${token}` });
    const b2 = await create({ brand: brandOf('B'), model: `Newer ${token}`, stock: 0 });
    const found = await stores.catalog.cataloguePage(token, 1);
    expect(found.total).toBe(3);
    expect(ids(found.watches)).toEqual([a.id, b2.id, b1.id]);
    expect(await stores.catalog.cataloguePage(token, 2)).toEqual({ total: 3, watches: [] });
    const everything = await stores.catalog.cataloguePage('', 1);
    expect(everything.total).toBe(await stores.catalog.watchCount());
  });

  it('picks special editions in SQL, never one excluded or sold out', async () => {
    const brand = brandOf('Special');
    const kept = await create({ brand, features: ['Special Edition of 10'] });
    const soldOut = await create({ brand, features: ['Special Edition of 5'], stock: 0 });
    const seen = new Set<string>();
    for (let draw = 0; draw < 12; draw++) {
      const picked = await stores.catalog.specialEditionSample([kept.id], 2);
      // The catalogue around this test has more than two available special editions.
      expect(picked.length).toBe(2);
      expect(new Set(ids(picked)).size).toBe(2);
      for (const id of ids(picked)) seen.add(id);
      expect(ids(picked)).not.toContain(kept.id);
      expect(ids(picked)).not.toContain(soldOut.id);
      for (const watch of picked) {
        expect(watch.available).toBe(true);
        expect(watch.features.some((feature) => feature.includes('Special Edition') || feature.includes('nft_certified'))).toBe(true);
      }
    }
    // Picked at random: twelve draws do not keep to the same two.
    expect(seen.size).toBeGreaterThan(2);
  });

  it('gives the newest watches and the sitemap a file at a time', async () => {
    const newest = await create({ brand: brandOf('Newest') });
    const latest = await stores.catalog.newestWatches(3);
    expect(latest).toHaveLength(3);
    expect(latest[0]!.id).toBe(newest.id);
    const count = await stores.catalog.watchCount();
    const listed = await stores.catalog.sitemapWatches(0, count + 10);
    expect(listed).toHaveLength(count);
    expect(listed.at(-1)).toEqual({ id: newest.id, image_urls: newest.image_urls, created_at: newest.created_at });
    expect(await stores.catalog.sitemapWatches(1, 2)).toEqual(listed.slice(1, 3));
  });
}

runOnEveryStore(runContract);
