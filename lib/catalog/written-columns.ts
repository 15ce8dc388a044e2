import type { WatchFields } from './types';

/**
 * What an add or edit writes on the embedded database: each column of WatchFields with its SQL
 * type, for the statements that name them (the embedded store, the generated catalogue's fill).
 */
export const WRITTEN_COLUMNS = [
  ['brand', 'text'],
  ['model', 'text'],
  ['description', 'text'],
  ['image_urls', 'text[]'],
  ['price_eur', 'numeric'],
  ['price_sol', 'numeric'],
  ['specs', 'jsonb'],
  ['features', 'text[]'],
  ['featured', 'boolean'],
  ['stock', 'integer'],
  ['reference', 'text'],
  ['production_year', 'smallint'],
  ['production_year_circa', 'boolean'],
  ['warranty_date', 'date'],
  ['condition', 'text'],
  ['box_papers', 'text'],
  ['serviced_on', 'date'],
  ['serviced_by', 'text'],
  ['case_diameter_mm', 'numeric'],
  ['case_material', 'text'],
  ['movement_type', 'text'],
] as const satisfies readonly (readonly [keyof WatchFields, string])[];
