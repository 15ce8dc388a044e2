import type { CollectorData } from '@/lib/catalog/collector';
import type { Watch, WatchInput } from '@/lib/catalog/types';

/** A watch nobody has described for collectors: every fact of issue 50 empty. */
export const UNDESCRIBED: CollectorData = {
  reference: null,
  production_year: null,
  production_year_circa: false,
  warranty_date: null,
  condition: null,
  box_papers: null,
  serviced_on: null,
  serviced_by: null,
  case_diameter_mm: null,
  case_material: null,
  movement_type: null,
};

let made = 0;

/** A catalogue watch, an unworn 2024 Omega Speedmaster with two views, each call with a new id, with `overrides` applied. */
export function catalogWatch(overrides: Partial<Watch> = {}): Watch {
  made += 1;
  return {
    id: `00000000-0000-4000-8000-${String(made).padStart(12, '0')}`,
    brand: 'Omega',
    model: 'Speedmaster',
    description: 'A chronograph.',
    image_urls: ['/images/watches/omega-speedmaster-1.svg', '/images/watches/omega-speedmaster-2.svg'],
    price_eur: 7100,
    price_sol: 50.71,
    specs: {},
    features: [],
    featured: false,
    stock: 1,
    available: true,
    created_at: '2025-01-01T00:00:00.000Z',
    ...UNDESCRIBED,
    reference: '310.30',
    production_year: 2024,
    condition: 'unworn',
    ...overrides,
  };
}

let inputs = 0;

/** What an add saves: a watch of `brand` at 100 SOL and 14,000 EUR, with a model of its own each call. */
export function watchInput(brand: string, overrides: Partial<WatchInput> = {}): WatchInput {
  inputs += 1;
  return {
    brand,
    model: `Reference ${inputs}-${Math.random().toString(36).slice(2, 8)}`,
    description: `A watch made by the ${brand.toLowerCase()} tests.`,
    image_urls: ['/images/watch-placeholder.svg'],
    price_eur: 14000,
    price_sol: 100,
    specs: {},
    features: [],
    featured: false,
    stock: 1,
    ...overrides,
  };
}
