import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXTENSIONS } from '../../lib/db/embedded';

/**
 * Issue 50 (1): a catalogue written before the collector's columns keeps its words, and what its
 * specs already said (reference, diameter, the movement's and the case's kind) moves into them.
 */

const SUPABASE = path.join(process.cwd(), 'supabase');
const MIGRATION = '20261129000100_collector_data.sql';

let db: PGlite;

const specsOf = (reference: string, diameter: string, movement: string, kase: string) =>
  JSON.stringify({ reference, diameter, movement, case: kase, strap: 'Leather' });

beforeAll(async () => {
  db = new PGlite({ extensions: EXTENSIONS });
  await db.exec(fs.readFileSync(path.join(SUPABASE, 'bootstrap', 'roles.sql'), 'utf8'));
  const migrations = fs.readdirSync(path.join(SUPABASE, 'migrations')).filter((name) => name.endsWith('.sql')).sort();
  for (const name of migrations.filter((name) => name < MIGRATION)) {
    await db.exec(fs.readFileSync(path.join(SUPABASE, 'migrations', name), 'utf8'));
  }
  const insert = (model: string, specs: string) =>
    db.query(
      `insert into public.watches (brand, model, description, image_urls, price_eur, price_sol, specs)
       values ('Before', $1, 'Listed before issue 50.', array['/images/watch-placeholder.svg'], 1400, 10, $2::jsonb)`,
      [model, specs],
    );
  await insert('Daytona', specsOf('126500LN', '40 mm', 'Rolex Calibre 4131, automatic chronograph', 'Oystersteel, screw-down pushers'));
  await insert('Speedmaster', specsOf('310.30.42.50.01.002', '42 mm', 'Calibre 3861, hand-wound chronograph', 'Stainless steel'));
  await insert('Santos', specsOf('WSSA0018', '39.8 x 47.5 mm', 'Calibre 1847 MC, automatic', '18k rose gold'));
  await insert('Curvex', specsOf('8880 SC DT COL DRM', '33.7 x 25.5 mm', 'Quartz', 'Black ceramic, titanium caseback'));
  // What the columns' checks would refuse stays in the specs, as it was.
  await insert('Odd', specsOf('<none>', 'about 4 cm', 'Spring Drive', 'Sapphire'));
  for (const name of migrations.filter((name) => name >= MIGRATION)) {
    await db.exec(fs.readFileSync(path.join(SUPABASE, 'migrations', name), 'utf8'));
  }
});

afterAll(async () => {
  await db?.close();
});

it("moves what the specs said into the collector's columns, and leaves the rest of the specs as they were", async () => {
  const { rows } = await db.query<Record<string, unknown>>(
    `select model, reference, case_diameter_mm::text as size, movement_type, case_material, specs
     from public.watches where brand = 'Before' order by model`,
  );
  expect(rows).toEqual([
    {
      model: 'Curvex',
      reference: '8880 SC DT COL DRM',
      size: '33.7',
      movement_type: 'quartz',
      case_material: 'ceramic',
      specs: { movement: 'Quartz', case: 'Black ceramic, titanium caseback', strap: 'Leather' },
    },
    {
      model: 'Daytona',
      reference: '126500LN',
      size: '40.0',
      movement_type: 'automatic',
      case_material: 'steel',
      specs: { movement: 'Rolex Calibre 4131, automatic chronograph', case: 'Oystersteel, screw-down pushers', strap: 'Leather' },
    },
    {
      model: 'Odd',
      reference: null,
      size: null,
      movement_type: null,
      case_material: null,
      specs: { reference: '<none>', diameter: 'about 4 cm', movement: 'Spring Drive', case: 'Sapphire', strap: 'Leather' },
    },
    {
      model: 'Santos',
      reference: 'WSSA0018',
      size: '39.8',
      movement_type: 'automatic',
      case_material: 'rose-gold',
      specs: { movement: 'Calibre 1847 MC, automatic', case: '18k rose gold', strap: 'Leather' },
    },
    {
      model: 'Speedmaster',
      reference: '310.30.42.50.01.002',
      size: '42.0',
      movement_type: 'manual',
      case_material: 'steel',
      specs: { movement: 'Calibre 3861, hand-wound chronograph', case: 'Stainless steel', strap: 'Leather' },
    },
  ]);
});

it('leaves the grade, the year, the set and the service unsaid: the specs never said them', async () => {
  const { rows } = await db.query<{ unsaid: boolean }>(
    `select bool_and(production_year is null and condition is null and box_papers is null and serviced_on is null
                     and warranty_date is null and not production_year_circa) as unsaid
     from public.watches where brand = 'Before'`,
  );
  expect(rows[0]?.unsaid).toBe(true);
});
