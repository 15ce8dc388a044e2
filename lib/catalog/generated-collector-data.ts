import type { CaseMaterial, CollectorData, Condition, BoxPapers } from './collector';

/**
 * The collector's data of a generated watch (lib/catalog/generated-catalogue.ts), spread as a
 * dealer's stock is: most pieces a few years old around their reference's year, one in ten
 * vintage; grades mostly excellent and very good; a set with box and papers more often than not;
 * a service for one in three worn pieces.
 */

/** What a generated watch keeps of its demo watch. */
export type CollectorTemplate = Pick<CollectorData, 'reference' | 'production_year' | 'case_diameter_mm' | 'case_material' | 'movement_type'>;

/** The variants whose name says the case (lib/catalog/generated-catalogue.ts's VARIANTS). */
const VARIANT_CASES: Record<string, { material?: CaseMaterial; diameter?: number }> = {
  Titanium: { material: 'titanium' },
  'Rose Gold': { material: 'rose-gold' },
  'Yellow Gold': { material: 'yellow-gold' },
  'White Gold': { material: 'white-gold' },
  Platinum: { material: 'platinum' },
  'Two-Tone': { material: 'steel-gold' },
  Ceramic: { material: 'ceramic' },
  Bronze: { material: 'bronze' },
  '38 mm': { diameter: 38 },
  '41 mm': { diameter: 41 },
};

/** Cumulative shares, best grade first. */
const CONDITION_SHARES: readonly [Condition, number][] = [
  ['unworn', 0.15],
  ['excellent', 0.45],
  ['very-good', 0.75],
  ['good', 0.93],
  ['fair', 1],
];
const BOX_PAPERS_SHARES: readonly [BoxPapers, number][] = [
  ['both', 0.55],
  ['box', 0.67],
  ['papers', 0.8],
  ['neither', 1],
];
const VINTAGE_ONE_IN = 10;
const SERVICED_SHARE = 1 / 3;
const DAY_MS = 24 * 60 * 60 * 1000;

const share = <T>(shares: readonly (readonly [T, number])[], draw: number): T => shares.find(([, upTo]) => draw < upTo)![0];
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function generatedCollectorData(
  template: CollectorTemplate,
  variant: string,
  createdAt: string,
  random: () => number,
): CollectorData {
  const listed = Date.parse(createdAt);
  const listedYear = new Date(listed).getUTCFullYear();
  const vintage = random() < 1 / VINTAGE_ONE_IN;
  const circa = vintage && random() < 0.3;
  const around = template.production_year ?? listedYear - 3;
  const drawnYear = vintage ? 1960 + Math.floor(random() * 45) : around - 3 + Math.floor(random() * 7);
  const production_year = circa ? drawnYear - (drawnYear % 10) : Math.min(drawnYear, listedYear);
  // Old pieces are sold worn and more often without their set.
  const condition = share(CONDITION_SHARES, vintage ? 0.3 + random() * 0.7 : random());
  const box_papers = share(BOX_PAPERS_SHARES, vintage ? 0.4 + random() * 0.6 : random());
  const madeFrom = Date.UTC(production_year, 0, 1);
  const withPapers = (box_papers === 'both' || box_papers === 'papers') && !circa;
  const warrantyMs = Math.min(madeFrom + Math.floor(random() * 540) * DAY_MS, listed);
  const serviced = condition !== 'unworn' && random() < SERVICED_SHARE;
  const servicedMs = madeFrom + Math.floor(random() * Math.max(1, (listed - madeFrom) / DAY_MS)) * DAY_MS;
  const cased = VARIANT_CASES[variant] ?? {};
  return {
    reference: template.reference,
    production_year,
    production_year_circa: circa,
    warranty_date: withPapers ? day(warrantyMs) : null,
    condition,
    box_papers,
    serviced_on: serviced ? day(Math.min(servicedMs, listed)) : null,
    serviced_by: serviced ? (random() < 0.6 ? 'manufacturer' : 'independent') : null,
    case_diameter_mm: cased.diameter ?? template.case_diameter_mm,
    case_material: cased.material ?? template.case_material,
    movement_type: template.movement_type,
  };
}
