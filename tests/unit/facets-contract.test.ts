import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BOX_PAPERS, CASE_MATERIALS, CONDITIONS, MOVEMENT_TYPES, type CollectorData } from '@/lib/catalog/collector';
import { COUNTED_FACETS, FACET_CHOICES, NO_FACETS, type CountedFacet, type ListingFacets } from '@/lib/catalog/facets';
import type { ListingRequest } from '@/lib/catalog/pages';
import type { Watch, WatchInput } from '@/lib/catalog/types';
import { runOnEveryStore, type Stores, type Target } from '../support/store-targets';

/**
 * Issue 50 (2): a listing filtered by the collector's data, in SQL, on every store: it holds
 * exactly the watches that match, and each choice's count is the number of watches it would leave
 * (as a count(*) of them finds), also while the catalogue is being edited.
 */

const COLUMN: Record<CountedFacet, keyof CollectorData> = {
  condition: 'condition',
  papers: 'box_papers',
  material: 'case_material',
  movement: 'movement_type',
};

/** What a watch must be to pass `facets`, `except` one facet left out (as its own counts are). */
function matches(watch: Watch, facets: ListingFacets, except?: CountedFacet): boolean {
  const within = (value: number | null, { from, to }: { from: number | null; to: number | null }) =>
    (from === null || (value !== null && value >= from)) && (to === null || (value !== null && value <= to));
  const key = (text: string) => text.replace(/[\s./-]+/g, '').toUpperCase();
  return (
    (facets.reference === '' || (watch.reference !== null && key(watch.reference).startsWith(key(facets.reference)))) &&
    COUNTED_FACETS.every(
      (facet) => facet === except || facets[facet].length === 0 || (facets[facet] as readonly unknown[]).includes(watch[COLUMN[facet]]),
    ) &&
    within(watch.production_year, facets.year) &&
    within(facets.price.currency === 'eur' ? watch.price_eur : watch.price_sol, facets.price) &&
    within(watch.case_diameter_mm, facets.size)
  );
}

function runContract(target: Target) {
  const brand = `Facets ${randomUUID().slice(0, 8)}`;
  let stores: Stores;
  const made: Watch[] = [];
  const request = (facets: ListingFacets, page = 1): ListingRequest => ({ listing: 'all', query: '', brand, facets, sort: 'newest', seed: 1, page });

  beforeAll(async () => {
    stores = await target.open();
    const pick = <T>(values: readonly T[], at: number) => values[at % values.length]!;
    for (let at = 0; at < 36; at++) {
      const input: WatchInput = {
        brand,
        model: `Piece ${at}`,
        description: 'Made by the facets contract.',
        image_urls: ['/images/watch-placeholder.svg'],
        price_eur: 5000 + at * 700,
        price_sol: 35 + at * 5,
        specs: {},
        features: [],
        featured: false,
        stock: at % 7 === 0 ? 0 : 1,
        reference: pick(['126610LN', '126610 LV', '5711/1A-010', '5711/1R', null], at),
        production_year: at % 9 === 0 ? null : 1990 + at,
        condition: at % 11 === 0 ? null : pick(CONDITIONS, at),
        box_papers: pick(BOX_PAPERS, at * 3),
        case_diameter_mm: 36 + (at % 8),
        case_material: pick(CASE_MATERIALS, at * 7),
        movement_type: pick(MOVEMENT_TYPES, at),
      };
      made.push(await stores.catalog.create(input));
    }
    // The watch, and one near miss for each of its conditions.
    const wanted: WatchInput = {
      brand,
      model: 'Submariner Date',
      description: 'The one the collector asks for.',
      image_urls: ['/images/watch-placeholder.svg'],
      price_eur: 10_500,
      price_sol: 75,
      specs: {},
      features: [],
      featured: false,
      stock: 1,
      reference: '126610LN',
      production_year: 2021,
      condition: 'unworn',
      box_papers: 'both',
      case_diameter_mm: 41,
      case_material: 'steel',
      movement_type: 'automatic',
    };
    for (const variant of [
      {},
      { condition: 'excellent' as const },
      { production_year: 2019 },
      { box_papers: 'box' as const },
      { price_sol: 80.5 },
      { reference: '126610LV' },
    ]) {
      made.push(await stores.catalog.create({ ...wanted, ...variant }));
    }
  }, 60_000);

  afterAll(async () => {
    for (const watch of made) await stores?.catalog.remove(watch.id);
  });

  it('finds the issue’s watch: an unworn 126610LN from 2020 or later with box and papers under 80 SOL', async () => {
    const facets: ListingFacets = {
      ...NO_FACETS,
      reference: '126610-ln',
      condition: ['unworn'],
      papers: ['both'],
      year: { from: 2020, to: null },
      price: { from: null, to: 80, currency: 'sol' },
    };
    const page = await stores.catalog.listingPage(request(facets));
    expect(page.watches.map((watch) => [watch.model, watch.reference, watch.production_year, watch.condition, watch.box_papers, watch.price_sol])).toEqual([
      ['Submariner Date', '126610LN', 2021, 'unworn', 'both', 75],
    ]);
    expect(page.total).toBe(1);
  });

  it('lists and counts exactly the watches each combination leaves', async () => {
    const list = <T extends string>(values: readonly T[]) => fc.subarray([...values], { maxLength: 3 });
    const bounds = (min: number, max: number) =>
      fc.tuple(fc.option(fc.integer({ min, max }), { nil: null }), fc.option(fc.integer({ min, max }), { nil: null })).map(([from, to]) => ({ from, to }));
    const combination: fc.Arbitrary<ListingFacets> = fc.record({
      reference: fc.constantFrom('', '126610', '126610LN', '5711', '5711/1A', 'X'),
      condition: list(CONDITIONS),
      papers: list(BOX_PAPERS),
      material: list(CASE_MATERIALS),
      movement: list(MOVEMENT_TYPES),
      year: bounds(1985, 2030),
      price: fc.tuple(bounds(0, 30_000), fc.constantFrom('sol' as const, 'eur' as const)).map(([range, currency]) => ({ ...range, currency })),
      size: bounds(35, 44),
    });
    await fc.assert(
      fc.asyncProperty(combination, async (facets) => {
        const [page, counts] = await Promise.all([stores.catalog.listingPage(request(facets)), stores.catalog.listingFacets(request(facets))]);
        const expected = made.filter((watch) => matches(watch, facets));
        expect(page.total).toBe(expected.length);
        const ids = new Set(expected.map((watch) => watch.id));
        expect(page.watches).toHaveLength(Math.min(24, expected.length));
        expect(page.watches.every((watch) => ids.has(watch.id))).toBe(true);
        for (const facet of COUNTED_FACETS) {
          const wanted: Record<string, number> = {};
          for (const watch of made.filter((each) => matches(each, facets, facet))) {
            const value = watch[COLUMN[facet]] as string | null;
            if (value !== null) wanted[value] = (wanted[value] ?? 0) + 1;
          }
          expect(counts[facet], facet).toEqual(wanted);
          for (const choice of FACET_CHOICES[facet]) expect(Object.keys(wanted).includes(choice) || !(choice in counts[facet])).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it('counts each choice as a count(*) of its watches would, while the catalogue is being edited', async () => {
    const graded = made.filter((watch) => watch.condition !== null);
    let editing = true;
    const edits = (async () => {
      for (let round = 0; editing && round < 200; round++) {
        const watch = graded[round % graded.length]!;
        const current = (await stores.catalog.get(watch.id))!;
        const condition = CONDITIONS[(CONDITIONS.indexOf(current.condition!) + 1) % CONDITIONS.length]!;
        await stores.catalog.update(watch.id, { ...current, condition }, current.stock).catch(() => null);
      }
    })();
    try {
      for (let read = 0; read < 15; read++) {
        const facets = { ...NO_FACETS, condition: ['excellent' as const] };
        const counts = await stores.catalog.listingFacets(request(facets));
        // One call reads one moment: the watches the grade leaves, counted by each other facet,
        // are as many as the grade's own count says, whatever the edits did in between.
        const excellent = counts.condition.excellent ?? 0;
        for (const facet of ['papers', 'material', 'movement'] as const) {
          expect(Object.values(counts[facet] as Record<string, number>).reduce((sum, n) => sum + n, 0), facet).toBe(excellent);
        }
        // Without a filter, the counts the database keeps: the edits move watches between grades,
        // so the grades always add up to the graded watches.
        const unfiltered = await stores.catalog.listingFacets(request(NO_FACETS));
        expect(Object.values(unfiltered.condition as Record<string, number>).reduce((sum, n) => sum + n, 0)).toBe(graded.length);
      }
    } finally {
      editing = false;
      await edits;
    }
    // Once the edits are over, each grade's kept count is the number of watches it has.
    const now = await Promise.all(made.map((watch) => stores.catalog.get(watch.id)));
    const wanted: Record<string, number> = {};
    for (const watch of now) if (watch?.condition) wanted[watch.condition] = (wanted[watch.condition] ?? 0) + 1;
    expect((await stores.catalog.listingFacets(request(NO_FACETS))).condition).toEqual(wanted);
  }, 60_000);
}

runOnEveryStore(runContract);
