import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTemplates, embeddedTarget, FILL_BATCH, fillCatalogue, supabaseTarget } from '@/lib/catalog/catalogue-fill';
import { createEmbeddedCatalogStore } from '@/lib/catalog/embedded-store';
import { generatedWatches, type WatchTemplate } from '@/lib/catalog/generated-catalogue';
import { parseWatchInput, toWatch } from '@/lib/catalog/schema';
import type { Watch } from '@/lib/catalog/types';
import { IN_MEMORY, openEmbeddedDatabase } from '@/lib/db/embedded';
import { createSupabaseClients } from '@/lib/db/supabase';
import { createPostgrestStandIn } from '../support/postgrest-stand-in';

/** `npm run catalogue:generate`: 500 generated watches written into a fresh embedded database. */

const SIZE = 500;
const publicFile = (url: string) => path.join(process.cwd(), 'public', ...url.split('/').filter(Boolean));

let db: PGlite;
let templates: WatchTemplate[];
let generated: Watch[];

beforeAll(async () => {
  templates = await demoTemplates();
  db = await openEmbeddedDatabase(IN_MEMORY);
  const ids = async () => new Set((await db.query<{ id: string }>('select id from public.watches')).rows.map((row) => row.id));
  const seeded = await ids();
  await fillCatalogue(embeddedTarget(db), templates, SIZE);
  expect((await ids()).size).toBe(seeded.size + SIZE);
  generated = (await db.query('select * from public.watches order by created_at')).rows.map(toWatch).filter((watch) => !seeded.has(watch.id));
});

afterAll(async () => {
  await db.close();
});

describe('a generated catalogue', () => {
  it('is made from the 40 demo watches', () => {
    expect(templates).toHaveLength(40);
  });

  it('adds exactly the watches asked for, each one a valid watch the admin form would save', () => {
    expect(generated).toHaveLength(SIZE);
    for (const watch of generated) expect(() => parseWatchInput(watch)).not.toThrow();
  });

  it('shows only pictures the shop ships', () => {
    for (const url of new Set(generated.flatMap((watch) => [...watch.image_urls, watch.specs.nft_image ?? watch.image_urls[0]!]))) {
      expect(fs.existsSync(publicFile(url)), url).toBe(true);
    }
  });

  it('varies brands, prices and ages, with sold-out pieces, featured ones and special editions', async () => {
    expect(new Set(generated.map((watch) => watch.brand)).size).toBe(17);
    expect(new Set(generated.map((watch) => watch.price_eur)).size).toBeGreaterThan(SIZE / 2);
    expect(new Set(generated.map((watch) => watch.created_at)).size).toBe(SIZE);
    const share = (test: (watch: Watch) => boolean) => generated.filter(test).length / SIZE;
    expect(share((watch) => !watch.available)).toBeGreaterThan(0.05);
    expect(share((watch) => !watch.available)).toBeLessThan(0.25);
    expect(share((watch) => watch.featured)).toBeGreaterThan(0);
    const { rows } = await db.query<{ count: string }>('select count(*) from public.watches where special_edition and id = any($1::uuid[])', [
      generated.map((watch) => watch.id),
    ]);
    expect(Number(rows[0]?.count) / SIZE).toBeGreaterThan(0.05);
  });

  it("describes each piece as a dealer would: its reference's, with grades, sets, ages and services spread", () => {
    const share = (test: (watch: Watch) => boolean) => generated.filter(test).length / SIZE;
    const references = new Set(templates.map((template) => template.reference));
    for (const watch of generated) {
      expect(references, watch.model).toContain(watch.reference);
      expect(watch.production_year, watch.model).not.toBeNull();
      expect(watch.production_year!, watch.model).toBeLessThanOrEqual(new Date(watch.created_at).getUTCFullYear());
      if (watch.warranty_date) expect(['both', 'papers'], watch.model).toContain(watch.box_papers);
      if (watch.condition === 'unworn') expect(watch.serviced_on, watch.model).toBeNull();
    }
    expect(share((watch) => watch.condition === 'unworn')).toBeGreaterThan(0.08);
    expect(share((watch) => watch.condition === 'unworn')).toBeLessThan(0.25);
    expect(new Set(generated.map((watch) => watch.condition)).size).toBe(5);
    expect(share((watch) => watch.box_papers === 'both')).toBeGreaterThan(0.4);
    expect(new Set(generated.map((watch) => watch.box_papers)).size).toBe(4);
    expect(share((watch) => watch.production_year! < 2005)).toBeGreaterThan(0.04);
    expect(share((watch) => watch.production_year_circa)).toBeGreaterThan(0);
    expect(share((watch) => watch.serviced_on !== null)).toBeGreaterThan(0.15);
    expect(new Set(generated.map((watch) => watch.case_material)).size).toBeGreaterThanOrEqual(8);
  });

  it('is the same for the same size', () => {
    expect(generatedWatches(templates, SIZE, 0, SIZE)).toEqual(generatedWatches(templates, SIZE, 0, SIZE));
    expect(generatedWatches(templates, SIZE, 490, 510)).toHaveLength(10);
  });

  it('is searchable like any watch, misspellings included: its words are recorded', async () => {
    const catalog = createEmbeddedCatalogStore(async () => db);
    const exact = await catalog.cataloguePage('meteorite', 1);
    expect(exact.total).toBeGreaterThan(0);
    expect((await catalog.cataloguePage('meteorrite', 1)).total).toBe(exact.total);
  });

  it('goes to Supabase as the same watches, one insert per batch (REST answered by a local stand-in on PGlite)', async () => {
    const target = await openEmbeddedDatabase(IN_MEMORY);
    try {
      const keys = { anon: 'anon-test-key', serviceRole: 'service-role-test-key' };
      const standIn = createPostgrestStandIn(target, keys);
      const inserts: string[] = [];
      const counted: typeof fetch = (input, init) => {
        if (init?.method === 'POST') inserts.push(String(input));
        return standIn.fetch(input, init);
      };
      const clients = createSupabaseClients({ url: 'http://supabase.stand-in.test', anonKey: keys.anon, serviceRoleKey: keys.serviceRole }, counted);
      const seeded = (await target.query<{ id: string }>('select id from public.watches')).rows.map((row) => row.id);
      await fillCatalogue(supabaseTarget(clients), templates, SIZE);
      expect(inserts).toHaveLength(Math.ceil(SIZE / FILL_BATCH));
      const written = (await target.query('select * from public.watches where not (id = any($1))', [seeded])).rows.map(toWatch);
      // Everything but the id the database gave each, in one order.
      const contents = (watches: Watch[]) => watches.map((watch) => JSON.stringify({ ...watch, id: null })).sort();
      expect(contents(written)).toEqual(contents(generated));
    } finally {
      await target.close();
    }
  });
});
