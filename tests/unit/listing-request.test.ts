import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRAND_QUERY_MAX } from '@/lib/catalog/brand-query';
import { NO_FACETS } from '@/lib/catalog/facets';
import { listingRequestFromParams, listingViewFromParams, MAX_PAGE, MAX_QUERY_LENGTH, withSeed } from '@/lib/catalog/listing-request';
import { listingHref, nextSeed, pageCount } from '@/lib/catalog/listing-url';
import { LISTING_SORTS, MAX_SEED, UNSEEDED_ORDERS, type ListingRequest } from '@/lib/catalog/pages';

const view = (search: string, listing: 'all' | 'crypto' = 'all') => listingViewFromParams(listing, new URLSearchParams(search));
const DEFAULT_VIEW = { listing: 'all', query: '', brand: null, facets: NO_FACETS, sort: 'shuffle', seed: null, page: 1 };

describe("a listing page's address", () => {
  it('reads every parameter', () => {
    expect(view('?q=+blue+dial+&brand=NOMOS+Glash%C3%BCtte&sort=price-desc&seed=42&page=3', 'crypto')).toEqual({
      listing: 'crypto',
      query: 'blue dial',
      brand: 'NOMOS Glashütte',
      facets: NO_FACETS,
      sort: 'price-desc',
      seed: 42,
      page: 3,
    });
    expect(view('')).toEqual(DEFAULT_VIEW);
  });

  it.each([
    ['?sort=cheapest', { sort: 'shuffle' }],
    ['?seed=0', { seed: null }],
    ['?seed=-4', { seed: null }],
    ['?seed=1.5', { seed: null }],
    ['?seed=abc', { seed: null }],
    [`?seed=${MAX_SEED + 1}`, { seed: null }],
    ['?page=0', { page: 1 }],
    ['?page=two', { page: 1 }],
    ['?page=', { page: 1 }],
    [`?page=${MAX_PAGE + 1}`, { page: 1 }],
    ['?brand=', { brand: null }],
    ['?brand=%20%20', { brand: null }],
    [`?brand=${'x'.repeat(BRAND_QUERY_MAX + 1)}`, { brand: null }],
    ['?q=%20%20', { query: '' }],
  ])('falls back to the default for %s', (search, expected) => {
    expect(view(search)).toEqual({ ...DEFAULT_VIEW, ...expected });
  });

  it('cuts an overlong search rather than dropping it', () => {
    expect(view(`?q=${'a'.repeat(MAX_QUERY_LENGTH + 50)}`).query).toBe('a'.repeat(MAX_QUERY_LENGTH));
  });

  it('never throws, whatever the address', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('q', 'brand', 'sort', 'seed', 'page', 'x'), fc.string()), (query) => {
        const parsed = view(`?${new URLSearchParams(query)}`);
        expect(parsed.page).toBeGreaterThanOrEqual(1);
        expect(LISTING_SORTS).toContain(parsed.sort);
      }),
    );
  });

  it('gives a view without a seed one of the few kept orders', () => {
    const seeds = new Set(Array.from({ length: 200 }, (_, i) => withSeed(view(''), () => i / 200).seed));
    expect([...seeds].sort((a, b) => a - b)).toEqual(Array.from({ length: UNSEEDED_ORDERS }, (_, i) => i + 1));
    expect(withSeed(view('?seed=77')).seed).toBe(77);
  });
});

describe('the JSON endpoint’s parameters', () => {
  const parse = (search: string) => listingRequestFromParams(new URLSearchParams(search));

  it('reads a request, with defaults for what is left out', () => {
    expect(parse('listing=crypto&q=royal&brand=Omega&sort=newest&seed=9&page=2')).toEqual({
      ok: true,
      request: { listing: 'crypto', query: 'royal', brand: 'Omega', facets: NO_FACETS, sort: 'newest', seed: 9, page: 2 },
    });
    expect(parse('')).toEqual({ ok: true, request: { listing: 'all', query: '', brand: null, facets: NO_FACETS, sort: 'shuffle', seed: 1, page: 1 } });
  });

  it.each([
    ['listing=bargains', 'The listing query parameter must be one of all, crypto.'],
    ['sort=cheapest', 'The sort query parameter must be one of shuffle, newest, price-asc, price-desc.'],
    ['seed=0', 'The seed query parameter must be at least 1.'],
    ['seed=x', 'The seed query parameter must be a whole number.'],
    ['page=1.5', 'The page query parameter must be a whole number.'],
    [`page=${MAX_PAGE + 1}`, `The page query parameter must be at most ${MAX_PAGE}.`],
    [`q=${'a'.repeat(MAX_QUERY_LENGTH + 1)}`, `The q query parameter must be at most ${MAX_QUERY_LENGTH} characters.`],
    [`brand=${'b'.repeat(BRAND_QUERY_MAX + 1)}`, `The brand query parameter must be at most ${BRAND_QUERY_MAX} characters.`],
  ])('refuses %s, saying why', (search, message) => {
    expect(parse(search)).toEqual({ ok: false, message });
  });
});

describe("a listing's links", () => {
  const request: ListingRequest = { listing: 'all', query: 'blue dial', brand: 'A. Lange & Söhne', facets: NO_FACETS, sort: 'newest', seed: 5, page: 2 };

  it('leave the defaults out, so that the bare listing is a kept page', () => {
    expect(listingHref({ ...request, query: '', brand: null, sort: 'shuffle', seed: null, page: 1 })).toBe('/watches');
    expect(listingHref({ ...request, listing: 'crypto', query: '', brand: 'Omega', sort: 'shuffle', seed: null, page: 1 })).toBe('/crypto-editions?brand=Omega');
    expect(listingHref(request)).toBe('/watches?brand=A.+Lange+%26+S%C3%B6hne&q=blue+dial&sort=newest&seed=5&page=2');
  });

  it('read back as the view they name', () => {
    fc.assert(
      fc.property(
        fc.record({
          query: fc.string({ maxLength: MAX_QUERY_LENGTH }).map((text) => text.trim()),
          brand: fc.option(fc.string({ minLength: 1, maxLength: BRAND_QUERY_MAX }).filter((text) => text.trim() === text && text !== '')),
          sort: fc.constantFrom(...LISTING_SORTS),
          seed: fc.option(fc.integer({ min: 1, max: MAX_SEED })),
          page: fc.integer({ min: 1, max: MAX_PAGE }),
        }),
        (named) => {
          const href = listingHref({ listing: 'crypto', facets: NO_FACETS, ...named });
          expect(href.startsWith('/crypto-editions')).toBe(true);
          expect(view(new URL(href, 'https://orx.example').search, 'crypto')).toEqual({ listing: 'crypto', facets: NO_FACETS, ...named });
        },
      ),
    );
  });

  it('count the pages, at least one', () => {
    expect([0, 1, 24, 25, 40, 10_000].map(pageCount)).toEqual([1, 1, 1, 2, 2, 417]);
  });

  it('shuffle to another seed in range', () => {
    for (const seed of [1, 2, 12, MAX_SEED - 1, MAX_SEED]) {
      const next = nextSeed(seed);
      expect(next).not.toBe(seed);
      expect(next).toBeGreaterThanOrEqual(1);
      expect(next).toBeLessThanOrEqual(MAX_SEED);
    }
  });
});
