import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { referenceKey, type CollectorData } from '@/lib/catalog/collector';
import { COLLECTOR_MESSAGES } from '@/lib/catalog/collector-schema';
import { NO_FACETS } from '@/lib/catalog/facets';
import { WatchValidationError } from '@/lib/catalog/schema';
import type { WatchInput } from '@/lib/catalog/types';
import { watchInput } from '../support/catalog-watch';
import { runOnEveryStore, type Stores, type Target } from '../support/store-targets';

/**
 * Issue 50 (1): the collector's data of a watch is saved and read back as sent by every store,
 * and refused, writing nothing, when it is no grade, no year or no date the shop knows, by the
 * schema and, for a writer that skips it, by the database's own checks.
 */

const DESCRIBED: CollectorData = {
  reference: '5711/1A-010',
  production_year: 2019,
  production_year_circa: false,
  warranty_date: '2019-11-04',
  condition: 'excellent',
  box_papers: 'both',
  serviced_on: '2024-02-29',
  serviced_by: 'manufacturer',
  case_diameter_mm: 40.5,
  case_material: 'steel',
  movement_type: 'automatic',
};

const thisYear = new Date().getUTCFullYear();

function runContract(target: Target) {
  const run = randomUUID().slice(0, 8);
  const brand = `Collector ${run}`;
  let stores: Stores;
  const made: string[] = [];

  const input = (overrides: Partial<WatchInput> = {}): WatchInput => watchInput(brand, overrides);
  const create = async (overrides: Partial<WatchInput> = {}) => {
    const watch = await stores.catalog.create(input(overrides));
    made.push(watch.id);
    return watch;
  };
  const brandTotal = async () => (await stores.catalog.listingPage({ listing: 'all', query: '', brand, facets: NO_FACETS, sort: 'shuffle', seed: 1, page: 1 })).total;

  beforeAll(async () => {
    stores = await target.open();
  });
  afterAll(async () => {
    for (const id of made) await stores?.catalog.remove(id);
  });

  it('saves every fact and reads it back as sent; an edit changes and clears them', async () => {
    const watch = await create(DESCRIBED);
    expect(watch).toMatchObject(DESCRIBED);
    expect(await stores.catalog.get(watch.id)).toEqual(watch);

    const edited = await stores.catalog.update(
      watch.id,
      input({ ...DESCRIBED, production_year: 1970, production_year_circa: true, warranty_date: null, serviced_on: null, serviced_by: null, condition: 'fair' }),
      watch.stock,
    );
    expect(edited).toMatchObject({ production_year: 1970, production_year_circa: true, warranty_date: null, serviced_on: null, serviced_by: null, condition: 'fair' });
    expect(await stores.catalog.get(watch.id)).toEqual(edited);
  });

  it('takes form text: trimmed, empty as not said, numbers from digits', async () => {
    const watch = await create({
      reference: ' 126610LN ',
      production_year: '2020',
      case_diameter_mm: '41',
      condition: '',
      warranty_date: '  ',
    } as unknown as WatchInput);
    expect(watch).toMatchObject({ reference: '126610LN', production_year: 2020, case_diameter_mm: 41, condition: null, warranty_date: null });
  });

  it.each([
    ['a grade off the scale', { condition: 'mint' }, COLLECTOR_MESSAGES.condition],
    ['a year to come', { production_year: thisYear + 1 }, COLLECTOR_MESSAGES.year(thisYear)],
    ['a year before watches', { production_year: 1799 }, COLLECTOR_MESSAGES.year(thisYear)],
    ['circa a year that starts no decade', { production_year: 1975, production_year_circa: true }, COLLECTOR_MESSAGES.circa],
    ['a warranty card from before the watch was made', { production_year: 2020, warranty_date: '2019-12-31' }, COLLECTOR_MESSAGES.warrantyBeforeYear],
    ['a warranty dated tomorrow', { warranty_date: `${thisYear + 1}-01-01` }, COLLECTOR_MESSAGES.warrantyDate],
    ['a day that does not exist', { serviced_on: '2023-02-29', serviced_by: 'independent' }, COLLECTOR_MESSAGES.servicedOn],
    ['a service without who did it', { serviced_on: '2023-02-28' }, COLLECTOR_MESSAGES.serviceBoth],
    ['a reference with markup', { reference: '<b>126610</b>' }, COLLECTOR_MESSAGES.reference],
    ['a reference past its length', { reference: 'A'.repeat(41) }, COLLECTOR_MESSAGES.reference],
    ['a case size in hundredths', { case_diameter_mm: 40.25 }, COLLECTOR_MESSAGES.caseDiameter],
    ['a case too small for a watch', { case_diameter_mm: 19.9 }, COLLECTOR_MESSAGES.caseDiameter],
    ['a material off the list', { case_material: 'gold' }, COLLECTOR_MESSAGES.caseMaterial],
    ['a movement off the list', { movement_type: 'kinetic' }, COLLECTOR_MESSAGES.movementType],
    ['the reference still in the specs', { specs: { reference: '126610LN' } }, "Spec reference is the watch's reference now: send it there"],
  ])('refuses %s with a clear message and writes nothing', async (_, overrides, message) => {
    const before = await brandTotal();
    await expect(create(overrides as Partial<WatchInput>)).rejects.toThrow(new WatchValidationError(message));
    expect(await brandTotal()).toBe(before);
  });

  const insertRaw = (columns: Record<string, unknown>) => {
    const names = ['brand', 'model', 'description', 'image_urls', 'price_eur', 'price_sol', ...Object.keys(columns)];
    const values = [brand, 'Raw', 'Written past the schema.', ['/images/watch-placeholder.svg'], 1400, 10, ...Object.values(columns)];
    return stores.database!.query(
      `insert into public.watches (${names.join(', ')}) values (${values.map((_, at) => `$${at + 1}`).join(', ')})`,
      values,
    );
  };

  it.each([
    ['a grade off the scale', { condition: 'mint' }, 'watches_condition_grade'],
    ['a year to come', { production_year: thisYear + 1 }, 'watches_production_year_range'],
    ['circa a year that starts no decade', { production_year: 1975, production_year_circa: true }, 'watches_circa_is_a_decade'],
    ['a service dated tomorrow', { serviced_on: `${thisYear + 1}-01-01`, serviced_by: 'independent' }, 'watches_serviced_on_past'],
    ['a service without who did it', { serviced_on: '2020-01-01' }, 'watches_service_date_and_by'],
    ['a reference ending in a slash', { reference: '5711/' }, 'watches_reference_shape'],
  ])('the database itself refuses %s from a writer that skips the schema', async (_, columns, constraint) => {
    const before = await brandTotal();
    await expect(insertRaw(columns)).rejects.toMatchObject({ code: '23514', message: expect.stringContaining(constraint) });
    expect(await brandTotal()).toBe(before);
  });

  it('compares references as the shop does, whatever their separators and case', async () => {
    const references = fc.sample(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ./-]{0,20}[A-Za-z0-9]$/), { numRuns: 60, seed: 50 });
    const { rows } = await stores.database!.query<{ key: string }>(
      'select public.reference_key(reference) as key from unnest($1::text[]) with ordinality as r(reference, at) order by at',
      [references],
    );
    expect(rows.map((row) => row.key)).toEqual(references.map(referenceKey));
    expect(new Set(['5711/1A-010', '5711 1a 010', '5711.1A.010', '57111A010'].map(referenceKey))).toEqual(new Set(['57111A010']));
  });
}

runOnEveryStore(runContract);
