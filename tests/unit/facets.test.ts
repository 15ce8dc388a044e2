import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOX_PAPERS, CASE_MATERIALS, CONDITIONS, MOVEMENT_TYPES } from '@/lib/catalog/collector';
import { FACET_MESSAGES, facetsArg, facetsFromParams, isIndexableFilter, NO_FACETS, tidiedQuery, type ListingFacets } from '@/lib/catalog/facets';
import { listingRequestFromParams, listingViewFromParams } from '@/lib/catalog/listing-request';
import { listingHref } from '@/lib/catalog/listing-url';

/** Issue 50 (2): the collector's filters as query parameters, read and written. */

const params = (search: string) => new URLSearchParams(search);
const subset = <T extends string>(values: readonly T[]) =>
  fc.subarray([...values]).map((chosen) => [...chosen].sort((a, b) => values.indexOf(a) - values.indexOf(b)));
const bound = (min: number, max: number, whole: boolean) =>
  fc.option(whole ? fc.integer({ min, max }) : fc.integer({ min: min * 100, max: max * 100 }).map((cents) => cents / 100), { nil: null });
const range = (min: number, max: number, whole = false) =>
  fc.tuple(bound(min, max, whole), bound(min, max, whole)).map(([from, to]) => (from !== null && to !== null && from > to ? { from: to, to: from } : { from, to }));

const facets: fc.Arbitrary<ListingFacets> = fc.record({
  reference: fc.oneof(fc.constant(''), fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ./-]{0,30}[A-Za-z0-9]$/)),
  condition: subset(CONDITIONS),
  papers: subset(BOX_PAPERS),
  material: subset(CASE_MATERIALS),
  movement: subset(MOVEMENT_TYPES),
  year: range(1800, 2026, true),
  price: fc.tuple(range(0, 100_000), fc.constantFrom('sol' as const, 'eur' as const)).map(([bounds, currency]) => ({
    ...bounds,
    // A currency without a price range says nothing, and is not written.
    currency: bounds.from === null && bounds.to === null ? ('sol' as const) : currency,
  })),
  size: range(20, 60),
});

describe("the collector's filters in a listing's address", () => {
  it('are written into its links and read back as the same view', () => {
    fc.assert(
      fc.property(facets, fc.constantFrom('all' as const, 'crypto' as const), (chosen, listing) => {
        const view = { listing, query: 'blue', brand: 'Rolex', facets: chosen, sort: 'newest' as const, seed: null, page: 1 };
        const search = new URL(listingHref(view), 'https://orx.example').searchParams;
        expect(listingViewFromParams(listing, search)).toEqual(view);
        const strict = listingRequestFromParams(search);
        expect(strict.ok && strict.request.facets).toEqual(chosen);
      }),
      { numRuns: 300 },
    );
  });

  it('name the done-when search of the issue as a link', () => {
    const wanted = { ...NO_FACETS, reference: '126610LN', condition: ['unworn' as const], papers: ['both' as const], year: { from: 2020, to: null }, price: { from: null, to: 80, currency: 'sol' as const } };
    const href = listingHref({ listing: 'all', query: '', brand: null, facets: wanted, sort: 'shuffle', seed: null, page: 1 });
    expect(href).toBe('/watches?ref=126610LN&condition=unworn&papers=both&year_from=2020&price_to=80');
    expect(facetsArg(wanted)).toEqual({ ref: '126610LN', condition: ['unworn'], papers: ['both'], year_from: 2020, price_to: 80, currency: 'sol' });
  });

  it('take the lists as checkboxes send them, or comma-separated, once each, in the scale’s order', () => {
    const read = facetsFromParams(params('condition=good&condition=unworn,good&papers=both&material=&movement=quartz'));
    expect(read).toEqual({ ok: true, facets: { ...NO_FACETS, condition: ['unworn', 'good'], papers: ['both'], movement: ['quartz'] } });
  });

  it('compare a reference without its separators or case, and swap a range typed the wrong way round', () => {
    expect(facetsArg({ ...NO_FACETS, reference: '5711/1a-010' })).toEqual({ ref: '57111A010' });
    expect(facetsFromParams(params('year_from=2024&year_to=2010'))).toEqual({ ok: true, facets: { ...NO_FACETS, year: { from: 2010, to: 2024 } } });
  });

  it.each([
    ['condition=mint', FACET_MESSAGES.choice('condition', CONDITIONS)],
    ['papers=box&papers=crate', FACET_MESSAGES.choice('papers', BOX_PAPERS)],
    ['ref=%3Cscript%3E', FACET_MESSAGES.reference],
    [`ref=${'A'.repeat(41)}`, FACET_MESSAGES.reference],
    ['ref=---', FACET_MESSAGES.reference],
    ['year_from=1799', FACET_MESSAGES.range('year_from', 1800, 9999)],
    ['year_to=2020.5', FACET_MESSAGES.range('year_to', 1800, 9999)],
    ['price_to=-1', FACET_MESSAGES.range('price_to', 0, 1_000_000_000)],
    ['size_from=abc', FACET_MESSAGES.range('size_from', 20, 60)],
    ['price_to=80&currency=usd', FACET_MESSAGES.currency],
  ])('refuse %s with a 400 that says why on the API, and leave it out on a page', (search, message) => {
    expect(listingRequestFromParams(params(search))).toEqual({ ok: false, message });
    const lenient = listingViewFromParams('all', params(search));
    expect(lenient.facets).toEqual(facetsFromParams(params(search)).ok ? lenient.facets : NO_FACETS);
  });

  it('tidy the address a form sent without scripts into the one a link has', () => {
    const tidy = (search: string) => tidiedQuery(params(search))?.toString() ?? null;
    expect(tidy('q=blue&ref=&condition=unworn&year_from=&year_to=&price_from=&price_to=&currency=sol&size_from=&size_to=')).toBe('q=blue&condition=unworn');
    expect(tidy('price_to=80&currency=eur')).toBeNull();
    expect(tidy('price_to=80&currency=sol')).toBe('price_to=80');
    expect(tidy('currency=eur')).toBe('');
    expect(tidy('condition=unworn&brand=Rolex')).toBeNull();
    // Only the filters' own parameters: an empty search is the search's business.
    expect(tidy('q=&brand=')).toBeNull();
  });

  it('let a crawler index a single choice, and no combination it could multiply', () => {
    expect(isIndexableFilter(NO_FACETS)).toBe(true);
    expect(isIndexableFilter({ ...NO_FACETS, condition: ['unworn'] })).toBe(true);
    expect(isIndexableFilter({ ...NO_FACETS, material: ['titanium'] })).toBe(true);
    expect(isIndexableFilter({ ...NO_FACETS, condition: ['unworn', 'excellent'] })).toBe(false);
    expect(isIndexableFilter({ ...NO_FACETS, condition: ['unworn'], papers: ['both'] })).toBe(false);
    expect(isIndexableFilter({ ...NO_FACETS, reference: '126610LN' })).toBe(false);
    expect(isIndexableFilter({ ...NO_FACETS, year: { from: 2020, to: null } })).toBe(false);
  });
});
