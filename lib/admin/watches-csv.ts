import 'server-only';
import {
  BOX_PAPERS_LABELS,
  CASE_MATERIAL_LABELS,
  CONDITION_SCALE,
  MOVEMENT_TYPE_LABELS,
  SERVICER_LABELS,
} from '@/lib/catalog/collector';
import type { CatalogStore } from '@/lib/catalog/store';
import type { Watch } from '@/lib/catalog/types';
import { csvDownload, type CsvColumns } from './csv';

/** The catalogue as a CSV download (issue 50): every watch, sold out too, with the collector's data. */

const EXPORT_BATCH = 500;

const text = (value: string | number | null) => (value === null ? '' : String(value));
const label = <K extends string>(labels: Record<K, string>, value: K | null) => (value === null ? '' : labels[value]);

export const WATCH_COLUMNS: CsvColumns<Watch> = [
  ['Watch', (watch) => watch.id],
  ['Brand', (watch) => watch.brand],
  ['Model', (watch) => watch.model],
  ['Reference', (watch) => text(watch.reference)],
  ['Year', (watch) => text(watch.production_year)],
  ['Circa (decade)', (watch) => (watch.production_year_circa ? 'yes' : 'no')],
  ['Condition', (watch) => (watch.condition ? CONDITION_SCALE[watch.condition].label : '')],
  ['Box and papers', (watch) => label(BOX_PAPERS_LABELS, watch.box_papers)],
  ['Warranty card', (watch) => text(watch.warranty_date)],
  ['Last service', (watch) => text(watch.serviced_on)],
  ['Serviced by', (watch) => label(SERVICER_LABELS, watch.serviced_by)],
  ['Case size (mm)', (watch) => text(watch.case_diameter_mm)],
  ['Case material', (watch) => label(CASE_MATERIAL_LABELS, watch.case_material)],
  ['Movement', (watch) => label(MOVEMENT_TYPE_LABELS, watch.movement_type)],
  ['SOL', (watch) => String(watch.price_sol)],
  ['EUR', (watch) => watch.price_eur.toFixed(2)],
  ['Pieces in stock', (watch) => String(watch.stock)],
  ['Featured', (watch) => (watch.featured ? 'yes' : 'no')],
  ['Added (UTC)', (watch) => watch.created_at],
];

export function watchesCsv(store: CatalogStore, { now = new Date(), batchSize = EXPORT_BATCH } = {}): Promise<Response> {
  return csvDownload({
    fileName: `orx-catalogue-${now.toISOString().slice(0, 10)}.csv`,
    columns: WATCH_COLUMNS,
    batchSize,
    nextBatch: (previous) => store.exportBatch(previous?.at(-1)?.id ?? null, batchSize),
  });
}
