import { describe, expect, it } from 'vitest';
import { NO_FACETS } from '@/lib/catalog/facets';
import { brandFilterOptions, listingState, shuffle } from '@/lib/catalog/listing';
import { featureChips } from '@/lib/catalog/card-display';
import { thumbnails } from '@/lib/catalog/gallery-thumbnails';
import { selectFeatured } from '@/lib/catalog/special-editions';
import { gradeAndYear } from '@/lib/catalog/collector';
import { detailEntries } from '@/lib/catalog/specs';
import { isUnoptimizedImage } from '@/lib/catalog/images';
import type { Watch } from '@/lib/catalog/types';
import { UNDESCRIBED } from '../support/catalog-watch';

let nextId = 0;
function watch(overrides: Partial<Watch> = {}): Watch {
  nextId += 1;
  return {
    id: `00000000-0000-4000-8000-${String(nextId).padStart(12, '0')}`,
    brand: 'Rolex',
    model: `Model ${nextId}`,
    description: 'A watch.',
    image_urls: ['/images/a.svg'],
    price_eur: 1000,
    price_sol: 7.14,
    specs: {},
    features: [],
    featured: false,
    stock: 1,
    available: true,
    created_at: '2025-01-01T00:00:00.000Z',
    ...UNDESCRIBED,
    ...overrides,
  };
}

/** A seeded generator, so that "random" tests are repeatable. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

describe('shuffle', () => {
  it('keeps every item, changes no input, and reorders', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const shuffled = shuffle(items, seeded(1));
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    expect(items).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(shuffled).not.toEqual(items);
  });

  it('is Fisher–Yates: a source that always answers 0 rotates the list left', () => {
    expect(shuffle([1, 2, 3, 4], () => 0)).toEqual([2, 3, 4, 1]);
    expect(shuffle([1, 2, 3, 4], () => 0.999)).toEqual([1, 2, 3, 4]);
    expect(shuffle([], Math.random)).toEqual([]);
  });
});

describe('featured selection', () => {
  const featured = [watch({ featured: true }), watch({ featured: true, features: ['nft_certified'] })];
  const extras = [watch({ features: ['Special Edition'] }), watch({ features: ['nft_certified'] })];

  it('shows every featured watch and the sampled special editions, once each', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const ids = selectFeatured(featured, extras, seeded(seed)).map((w) => w.id);
      expect([...ids].sort()).toEqual([...featured, ...extras].map((w) => w.id).sort());
    }
  });

  it('adds at most 2 extras, and none already featured (the two reads are cached apart)', () => {
    const third = watch({ features: ['Special Edition'] });
    expect(selectFeatured(featured, [...extras, third], seeded(3))).toHaveLength(4);
    const ids = selectFeatured(featured, [featured[1]!, extras[0]!], seeded(3)).map((w) => w.id);
    expect([...ids].sort()).toEqual([featured[0]!.id, featured[1]!.id, extras[0]!.id].sort());
    expect(selectFeatured([], [extras[0]!], seeded(3))).toEqual([extras[0]]);
    expect(selectFeatured([], [], seeded(3))).toEqual([]);
  });

  it('shuffles the combined list with the random source', () => {
    const orders = new Set(Array.from({ length: 20 }, (_, seed) => selectFeatured(featured, extras, seeded(seed + 1)).map((w) => w.id).join()));
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe('brand filter', () => {
  it("lists 'All Brands' then each distinct brand alphabetically, as people read them", () => {
    expect(brandFilterOptions(['Tudor', 'audemars Piguet', 'Rolex', 'Tudor', 'IWC Schaffhausen'])).toEqual([
      'All Brands',
      'audemars Piguet',
      'IWC Schaffhausen',
      'Rolex',
      'Tudor',
    ]);
  });

  it('is not shown with one brand or none', () => {
    expect(brandFilterOptions(['Rolex', 'Rolex'])).toEqual([]);
    expect(brandFilterOptions([])).toEqual([]);
  });
});

describe('listing state', () => {
  it("tells an empty listing from a search, brand or collector's filter that found nothing", () => {
    expect(listingState(0, { query: '', brand: null, facets: NO_FACETS })).toBe('empty');
    expect(listingState(0, { query: 'daytona', brand: null, facets: NO_FACETS })).toBe('no-match');
    expect(listingState(0, { query: '', brand: 'Swatch', facets: NO_FACETS })).toBe('no-match');
    expect(listingState(5, { query: '', brand: null, facets: NO_FACETS })).toBe('results');
    expect(listingState(0, { query: '', brand: null, facets: { ...NO_FACETS, condition: ['unworn'] } })).toBe('no-match');
  });
});

describe('details of the detail views', () => {
  it('lists the known specs in order with human labels, leaving out nft_image and blanks', () => {
    expect(
      detailEntries({
        ...UNDESCRIBED,
        reference: '5811/1G',
        specs: { strap: 'Leather', waterResistance: '120 m', nft_image: '/images/nft.svg' },
      }),
    ).toEqual([
      { key: 'reference', label: 'Reference', value: '5811/1G' },
      { key: 'waterResistance', label: 'Water Resistance', value: '120 m' },
      { key: 'strap', label: 'Strap', value: 'Leather' },
    ]);
  });

  it("says a watch's grade and year as its social card shows them", () => {
    expect(gradeAndYear({ ...UNDESCRIBED, condition: 'unworn', production_year: 2020 })).toBe('Unworn · 2020');
    expect(gradeAndYear({ ...UNDESCRIBED, production_year: 1970, production_year_circa: true })).toBe('Circa 1970s');
    expect(gradeAndYear({ ...UNDESCRIBED, condition: 'very-good' })).toBe('Very good');
    expect(gradeAndYear(UNDESCRIBED)).toBe('');
  });

  it("lists the collector's data first, the grade with its definition, in a buyer's words", () => {
    const entries = detailEntries({
      reference: '126610LN',
      production_year: 1970,
      production_year_circa: true,
      warranty_date: '2020-10-05',
      condition: 'very-good',
      box_papers: 'papers',
      serviced_on: '2024-01-18',
      serviced_by: 'manufacturer',
      case_diameter_mm: 40.5,
      case_material: 'steel-gold',
      movement_type: 'manual',
      specs: { movement: 'Calibre 3235', case: 'Oystersteel' },
    });
    expect(entries.map(({ label, value, note }) => [label, value, note])).toEqual([
      ['Reference', '126610LN', undefined],
      ['Year', 'Circa 1970s', undefined],
      ['Condition', 'Very good', 'Light traces of wear, such as fine hairlines on the case or bracelet; no dent, no damage.'],
      ['Box and papers', 'Papers only', undefined],
      ['Warranty card', 'Dated 5 October 2020', undefined],
      ['Last service', '18 January 2024, by the manufacturer', undefined],
      ['Movement', 'Manual winding', undefined],
      ['Case material', 'Steel and gold', undefined],
      ['Case size', '40.5 mm', undefined],
      ['Calibre', 'Calibre 3235', undefined],
      ['Case', 'Oystersteel', undefined],
    ]);
  });
});

describe('images', () => {
  it('passes SVGs and remote images through unoptimized', () => {
    expect(isUnoptimizedImage('/images/watches/a-1.svg')).toBe(true);
    expect(isUnoptimizedImage('https://cdn.example/a.jpg')).toBe(true);
    expect(isUnoptimizedImage('/images/a.jpg')).toBe(false);
  });
});

describe('what cards and the detail view show', () => {
  it("shows at most 2 feature chips and counts the rest as '+N more'", () => {
    expect(featureChips(['a', 'b', 'c', 'd', 'e'])).toEqual({ chips: ['a', 'b'], more: 3 });
    expect(featureChips(['a', 'b'])).toEqual({ chips: ['a', 'b'], more: 0 });
    expect(featureChips([])).toEqual({ chips: [], more: 0 });
  });

  it('shows at most 4 thumbnails', () => {
    expect(thumbnails(['1', '2', '3', '4', '5', '6'])).toEqual({ start: 0, shown: ['1', '2', '3', '4'] });
    expect(thumbnails(['1', '2'], 1)).toEqual({ start: 0, shown: ['1', '2'] });
  });

  it('keeps the active image among the 4 thumbnails, moving them as little as it can', () => {
    const six = ['1', '2', '3', '4', '5', '6'];
    expect(thumbnails(six, 3)).toEqual({ start: 0, shown: ['1', '2', '3', '4'] });
    expect(thumbnails(six, 4)).toEqual({ start: 1, shown: ['2', '3', '4', '5'] });
    expect(thumbnails(six, 5)).toEqual({ start: 2, shown: ['3', '4', '5', '6'] });
    for (let count = 1; count <= 9; count++) {
      const images = Array.from({ length: count }, (_, i) => String(i));
      for (let active = 0; active < count; active++) {
        const { start, shown } = thumbnails(images, active);
        expect(shown).toHaveLength(Math.min(count, 4));
        expect(shown[active - start]).toBe(String(active));
      }
    }
  });
});
