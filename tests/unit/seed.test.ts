import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS } from '../../lib/catalog/brands';
import { EXTENSIONS } from '../../lib/db/embedded';

/**
 * The demo catalogue (supabase/seed.sql) against the schema it is loaded into and the rules of the
 * listing pages: every brand stocked, every image shipped in public/, the special-edition features
 * present, Franck Muller sold out, and the featured selection at most one watch per brand.
 */

const ROOT = process.cwd();
const SUPABASE = path.join(ROOT, 'supabase');
const SPEC_KEYS = ['movement', 'case', 'waterResistance', 'crystal', 'strap'] as const;
/** Issue 50: what every demo watch tells a collector. */
const COLLECTOR_KEYS = ['reference', 'production_year', 'condition', 'box_papers', 'case_diameter_mm', 'case_material', 'movement_type'] as const;
const SPECIAL = ['nft_certified', 'Special Edition', 'crypto', 'blockchain', 'QR'] as const;
const SOLD_OUT_BRAND = 'Franck Muller';

type Row = {
  id: string;
  brand: string;
  model: string;
  image_urls: string[];
  price_eur: string;
  price_sol: string;
  specs: Record<string, unknown>;
  features: string[];
  featured: boolean;
  available: boolean;
  created_at: Date;
  reference: string | null;
  production_year: number | null;
  production_year_circa: boolean;
  warranty_date: Date | null;
  condition: string | null;
  box_papers: string | null;
  serviced_on: Date | null;
  serviced_by: string | null;
  case_diameter_mm: string | null;
  case_material: string | null;
  movement_type: string | null;
};

let db: PGlite;
let rows: Row[];

function publicFile(url: string): string {
  return path.join(ROOT, 'public', ...url.split('/').filter(Boolean));
}

beforeAll(async () => {
  db = new PGlite({ extensions: EXTENSIONS });
  await db.exec(fs.readFileSync(path.join(SUPABASE, 'bootstrap', 'roles.sql'), 'utf8'));
  const migrations = fs
    .readdirSync(path.join(SUPABASE, 'migrations'))
    .filter((name) => name.endsWith('.sql'))
    .sort();
  for (const name of migrations) {
    await db.exec(fs.readFileSync(path.join(SUPABASE, 'migrations', name), 'utf8'));
  }
  await db.exec(fs.readFileSync(path.join(SUPABASE, 'seed.sql'), 'utf8'));
  rows = (await db.query<Row>('select * from public.watches order by created_at desc')).rows;
});

afterAll(async () => {
  await db?.close();
});

describe('supabase/seed.sql', () => {
  it('loads about forty watches with distinct creation times', () => {
    expect(rows.length).toBeGreaterThanOrEqual(34);
    const times = new Set(rows.map((r) => new Date(r.created_at).getTime()));
    expect(times.size).toBe(rows.length);
  });

  it('uses exactly the brand names of the brands page', () => {
    const seeded = [...new Set(rows.map((r) => r.brand))].sort();
    expect(seeded).toEqual(BRANDS.map((b) => b.name).sort());
  });

  it('stocks at least two watches of every brand', () => {
    for (const brand of BRANDS) {
      const count = rows.filter((r) => r.brand === brand.name).length;
      expect(count, brand.name).toBeGreaterThanOrEqual(2);
    }
  });

  it('ships every image it refers to, offline, under public/', () => {
    for (const r of rows) {
      expect(r.image_urls.length, r.model).toBeGreaterThanOrEqual(2);
      const nft = r.specs.nft_image;
      expect(typeof nft, `${r.model} nft_image`).toBe('string');
      for (const url of [...r.image_urls, nft as string]) {
        expect(url, r.model).toMatch(/^\/images\/watches\/[a-z0-9-]+\.svg$/);
        expect(fs.existsSync(publicFile(url)), url).toBe(true);
      }
    }
  });

  it('fills the five specification keys of every watch, and none of the two that are columns now', () => {
    for (const r of rows) {
      for (const key of SPEC_KEYS) {
        const value = r.specs[key];
        expect(typeof value === 'string' && value.trim().length > 0, `${r.model}: ${key}`).toBe(true);
      }
      expect(Object.keys(r.specs), r.model).not.toContain('reference');
      expect(Object.keys(r.specs), r.model).not.toContain('diameter');
    }
  });

  it("tells a collector each watch's reference, year, grade, set, case and movement, as its specs describe them", () => {
    for (const r of rows) {
      for (const key of COLLECTOR_KEYS) expect(r[key], `${r.model}: ${key}`).not.toBeNull();
      // A warranty card comes with the papers, and a service says who did it.
      if (r.warranty_date) expect(['both', 'papers'], r.model).toContain(r.box_papers);
      expect(r.serviced_on === null, r.model).toBe(r.serviced_by === null);
      if (r.movement_type === 'manual') expect(String(r.specs.movement), r.model).toMatch(/hand-wound/);
      if (r.case_material === 'titanium') expect(String(r.specs.case), r.model).toMatch(/titanium/i);
    }
    // Every grade and every kind of set is on show, and one piece is dated only to its decade.
    expect(new Set(rows.map((r) => r.condition))).toEqual(new Set(['unworn', 'excellent', 'very-good', 'good', 'fair']));
    expect(new Set(rows.map((r) => r.box_papers))).toEqual(new Set(['both', 'box', 'papers', 'neither']));
    expect(rows.filter((r) => r.production_year_circa).map((r) => r.production_year)).toEqual([2000]);
    expect(new Set(rows.map((r) => r.serviced_by))).toEqual(new Set([null, 'manufacturer', 'independent']));
  });

  it('has plausible prices: SOL about EUR / 140', () => {
    for (const r of rows) {
      const eur = Number(r.price_eur);
      const sol = Number(r.price_sol);
      expect(eur, r.model).toBeGreaterThan(1000);
      expect(Math.abs(sol - eur / 140), r.model).toBeLessThan(eur / 140 / 10);
    }
  });

  it('gives every watch three to six features', () => {
    for (const r of rows) {
      expect(r.features.length, r.model).toBeGreaterThanOrEqual(3);
      expect(r.features.length, r.model).toBeLessThanOrEqual(6);
    }
  });

  it('carries each special feature the crypto and featured pages look for', () => {
    for (const needle of SPECIAL) {
      const matching = rows.filter((r) => r.features.some((feature) => feature.includes(needle)));
      expect(matching.length, needle).toBeGreaterThanOrEqual(1);
    }
    const special = rows.filter((r) => r.features.some((feature) => SPECIAL.some((n) => feature.includes(n))));
    expect(special.length).toBeLessThan(rows.length / 2);
  });

  it('sells out Franck Muller entirely and keeps an available watch of every other brand', () => {
    for (const brand of BRANDS) {
      const available = rows.filter((r) => r.brand === brand.name && r.available).length;
      if (brand.name === SOLD_OUT_BRAND) expect(available, brand.name).toBe(0);
      else expect(available, brand.name).toBeGreaterThanOrEqual(1);
    }
  });

  it('features at most one watch per brand, the newest available featured one', async () => {
    const featured = (await db.query<Row>('select * from public.featured_watches()')).rows;
    expect(featured.length).toBeGreaterThanOrEqual(5);
    const brands = featured.map((r) => r.brand);
    expect(new Set(brands).size).toBe(brands.length);
    for (const r of featured) {
      expect(r.available && r.featured, r.model).toBe(true);
      const newest = rows.find((x) => x.brand === r.brand && x.available && x.featured);
      expect(newest?.id, r.brand).toBe(r.id);
    }
    // Some brand has more than one featured watch, so "newest per brand" actually matters.
    const featuredPerBrand = new Map<string, number>();
    for (const r of rows.filter((x) => x.featured && x.available)) {
      featuredPerBrand.set(r.brand, (featuredPerBrand.get(r.brand) ?? 0) + 1);
    }
    expect(Math.max(...featuredPerBrand.values())).toBeGreaterThanOrEqual(2);
  });

  it('ships a logo for every brand and the placeholder image', () => {
    for (const brand of BRANDS) {
      expect(brand.logo).toBe(`/images/brands/${brand.slug}.svg`);
      expect(fs.existsSync(publicFile(brand.logo)), brand.logo).toBe(true);
    }
    expect(fs.existsSync(publicFile('/images/watch-placeholder.svg'))).toBe(true);
  });
});
