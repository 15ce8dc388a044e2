/**
 * The collector's data of a watch (issue 50, DESIGN: The collector's data): the closed lists a
 * grade, a set, a case or a movement is chosen from, as the database's checks spell them
 * (supabase/migrations/…_collector_data.sql) and the shop's URLs will carry them, with the words
 * a shopper reads.
 */

/** The published condition scale, best first. */
export const CONDITIONS = ['unworn', 'excellent', 'very-good', 'good', 'fair'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** Each grade's name and what it promises, shown wherever the grade is shown. */
export const CONDITION_SCALE: Record<Condition, { label: string; definition: string }> = {
  unworn: {
    label: 'Unworn',
    definition: 'Never worn, with its protective films or seals where it came with them; no trace of use.',
  },
  excellent: {
    label: 'Excellent',
    definition: 'Worn with great care: no mark to the naked eye, only faint traces under a loupe.',
  },
  'very-good': {
    label: 'Very good',
    definition: 'Light traces of wear, such as fine hairlines on the case or bracelet; no dent, no damage.',
  },
  good: {
    label: 'Good',
    definition: 'Visible wear, such as scratches or small marks on the case or bracelet; everything works.',
  },
  fair: {
    label: 'Fair',
    definition: 'Heavy wear, dents or parts due for attention; it works, and the photographs show it as it is.',
  },
};

export const BOX_PAPERS = ['both', 'box', 'papers', 'neither'] as const;
export type BoxPapers = (typeof BOX_PAPERS)[number];
export const BOX_PAPERS_LABELS: Record<BoxPapers, string> = {
  both: 'Box and papers',
  box: 'Box only',
  papers: 'Papers only',
  neither: 'Neither box nor papers',
};

export const SERVICERS = ['manufacturer', 'independent'] as const;
export type Servicer = (typeof SERVICERS)[number];
export const SERVICER_LABELS: Record<Servicer, string> = {
  manufacturer: 'the manufacturer',
  independent: 'an independent watchmaker',
};

export const CASE_MATERIALS = [
  'steel',
  'titanium',
  'ceramic',
  'bronze',
  'carbon',
  'yellow-gold',
  'rose-gold',
  'white-gold',
  'steel-gold',
  'platinum',
] as const;
export type CaseMaterial = (typeof CASE_MATERIALS)[number];
export const CASE_MATERIAL_LABELS: Record<CaseMaterial, string> = {
  steel: 'Stainless steel',
  titanium: 'Titanium',
  ceramic: 'Ceramic',
  bronze: 'Bronze',
  carbon: 'Carbon',
  'yellow-gold': 'Yellow gold',
  'rose-gold': 'Rose gold',
  'white-gold': 'White gold',
  'steel-gold': 'Steel and gold',
  platinum: 'Platinum',
};

export const MOVEMENT_TYPES = ['automatic', 'manual', 'quartz'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
export const MOVEMENT_TYPE_LABELS: Record<MovementType, string> = {
  automatic: 'Automatic',
  manual: 'Manual winding',
  quartz: 'Quartz',
};

/** The oldest year the shop takes for a watch (the database checks it too). */
export const OLDEST_PRODUCTION_YEAR = 1800;
/** The case sizes the shop takes, in millimetres. */
export const CASE_DIAMETER_MM = { min: 20, max: 60 } as const;
export const REFERENCE_MAX_LENGTH = 40;
/** As the database's check reads it: letters and digits, with spaces, dots, slashes and dashes between them. */
export const REFERENCE_SHAPE = /^[A-Za-z0-9]([A-Za-z0-9 ./-]*[A-Za-z0-9])?$/;

/** A reference as it is compared: as the SQL function public.reference_key. */
export function referenceKey(reference: string): string {
  return reference.replace(/[\s./-]+/g, '').toUpperCase();
}

/** The collector's facts of a watch, each empty (null) when nobody has said it. */
export type CollectorData = {
  reference: string | null;
  production_year: number | null;
  /** The year is a decade's first (1970 for "circa 1970s"). */
  production_year_circa: boolean;
  /** YYYY-MM-DD */
  warranty_date: string | null;
  condition: Condition | null;
  box_papers: BoxPapers | null;
  /** YYYY-MM-DD */
  serviced_on: string | null;
  serviced_by: Servicer | null;
  case_diameter_mm: number | null;
  case_material: CaseMaterial | null;
  movement_type: MovementType | null;
};

/** The fields of CollectorData, in the order the details list them. */
export const COLLECTOR_FIELDS = [
  'reference',
  'production_year',
  'production_year_circa',
  'warranty_date',
  'condition',
  'box_papers',
  'serviced_on',
  'serviced_by',
  'case_diameter_mm',
  'case_material',
  'movement_type',
] as const satisfies readonly (keyof CollectorData)[];

/** The grade and the year, as a collector reads them first: "Unworn · 2020"; '' when neither is known. */
export function gradeAndYear(watch: CollectorData): string {
  return [watch.condition && CONDITION_SCALE[watch.condition].label, productionYearLabel(watch)].filter(Boolean).join(' · ');
}

/** "2020", or "Circa 1970s". */
export function productionYearLabel({ production_year, production_year_circa }: CollectorData): string | null {
  if (production_year === null) return null;
  return production_year_circa ? `Circa ${production_year}s` : String(production_year);
}
