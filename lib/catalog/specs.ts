import {
  BOX_PAPERS_LABELS,
  CASE_MATERIAL_LABELS,
  CONDITION_SCALE,
  MOVEMENT_TYPE_LABELS,
  productionYearLabel,
  SERVICER_LABELS,
  type CollectorData,
} from './collector';
import { SPEC_KEYS, type SpecKey, type Watch } from './types';

/** The specs' own words; the movement's and the case's say the calibre and the finish. */
const SPEC_LABELS: Record<SpecKey, string> = {
  movement: 'Calibre',
  case: 'Case',
  waterResistance: 'Water Resistance',
  crystal: 'Crystal',
  strap: 'Strap',
};

export type DetailEntry = {
  key: keyof CollectorData | SpecKey;
  label: string;
  value: string;
  /** What the value promises (a grade's definition), shown with it. */
  note?: string;
};

/** What the detail views list of a watch. */
export type DetailedWatch = Pick<Watch, 'specs' | keyof CollectorData>;

/** A day as a buyer reads it: 5 October 2020. */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * The 'Watch Details' list: the collector's data first (issue 50: what a buyer decides on), then
 * every saved specification but nft_image (SPEC §2), each with a human label; nothing nobody said.
 */
export function detailEntries(watch: DetailedWatch): DetailEntry[] {
  const entries: (DetailEntry | null)[] = [
    watch.reference ? { key: 'reference', label: 'Reference', value: watch.reference } : null,
    watch.production_year !== null ? { key: 'production_year', label: 'Year', value: productionYearLabel(watch)! } : null,
    watch.condition
      ? { key: 'condition', label: 'Condition', value: CONDITION_SCALE[watch.condition].label, note: CONDITION_SCALE[watch.condition].definition }
      : null,
    watch.box_papers ? { key: 'box_papers', label: 'Box and papers', value: BOX_PAPERS_LABELS[watch.box_papers] } : null,
    watch.warranty_date ? { key: 'warranty_date', label: 'Warranty card', value: `Dated ${dayLabel(watch.warranty_date)}` } : null,
    watch.serviced_on && watch.serviced_by
      ? { key: 'serviced_on', label: 'Last service', value: `${dayLabel(watch.serviced_on)}, by ${SERVICER_LABELS[watch.serviced_by]}` }
      : null,
    watch.movement_type ? { key: 'movement_type', label: 'Movement', value: MOVEMENT_TYPE_LABELS[watch.movement_type] } : null,
    watch.case_material ? { key: 'case_material', label: 'Case material', value: CASE_MATERIAL_LABELS[watch.case_material] } : null,
    watch.case_diameter_mm !== null ? { key: 'case_diameter_mm', label: 'Case size', value: `${watch.case_diameter_mm} mm` } : null,
    ...SPEC_KEYS.map((key) => {
      const value = watch.specs[key];
      return value ? { key, label: SPEC_LABELS[key], value } : null;
    }),
  ];
  return entries.filter((entry) => entry !== null);
}
