import type { CollectorData } from '@/lib/catalog/collector';
import { SPEC_KEYS, type SpecKey, type Watch } from '@/lib/catalog/types';

/** The collector's fields as the inputs hold them: text (empty when nobody said it), circa a box. */
export type CollectorFormValues = Record<Exclude<keyof CollectorData, 'production_year_circa'>, string> & {
  production_year_circa: boolean;
};

/** The add/edit form's values (SPEC §5), as the inputs hold them: text, rows never below one. */
export type WatchFormValues = {
  brand: string;
  model: string;
  description: string;
  image_urls: string[];
  price_eur: string;
  price_sol: string;
  specs: Record<SpecKey, string>;
  features: string[];
  featured: boolean;
  /** Pieces in stock, as typed. */
  stock: string;
  collector: CollectorFormValues;
};

/** SPEC §9: the admin converts 1 SOL to 140 EUR. */
export const EUR_PER_SOL = 140;

function collectorForm(watch: CollectorData | null): CollectorFormValues {
  const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    reference: text(watch?.reference),
    production_year: text(watch?.production_year),
    production_year_circa: watch?.production_year_circa ?? false,
    warranty_date: text(watch?.warranty_date),
    condition: text(watch?.condition),
    box_papers: text(watch?.box_papers),
    serviced_on: text(watch?.serviced_on),
    serviced_by: text(watch?.serviced_by),
    case_diameter_mm: text(watch?.case_diameter_mm),
    case_material: text(watch?.case_material),
    movement_type: text(watch?.movement_type),
  };
}

const emptySpecs = () => Object.fromEntries(SPEC_KEYS.map((key) => [key, ''])) as Record<SpecKey, string>;

export function emptyWatchForm(): WatchFormValues {
  return {
    brand: '',
    model: '',
    description: '',
    image_urls: [''],
    price_eur: '',
    price_sol: '',
    specs: emptySpecs(),
    features: [''],
    featured: false,
    stock: '1',
    collector: collectorForm(null),
  };
}

export function watchToForm(watch: Watch): WatchFormValues {
  const specs = emptySpecs();
  for (const key of SPEC_KEYS) specs[key] = watch.specs[key] ?? '';
  return {
    brand: watch.brand,
    model: watch.model,
    description: watch.description,
    image_urls: watch.image_urls.length > 0 ? [...watch.image_urls] : [''],
    price_eur: String(watch.price_eur),
    price_sol: String(watch.price_sol),
    specs,
    features: watch.features.length > 0 ? [...watch.features] : [''],
    featured: watch.featured,
    stock: String(watch.stock),
    collector: collectorForm(watch),
  };
}

/** The EUR price for a typed SOL price, to two decimals; null while the SOL price is no number. */
export function eurForSol(sol: string): string | null {
  const value = Number(sol);
  return sol.trim() === '' || !Number.isFinite(value) ? null : (value * EUR_PER_SOL).toFixed(2);
}

/**
 * What the form sends (parseWatchInput validates it, in the browser and again on the server).
 * Saving keeps what the form does not show: the NFT image of an edited watch.
 */
export function formToInput({ collector, ...values }: WatchFormValues, editing: Watch | null) {
  return {
    ...values,
    ...collector,
    specs: { ...values.specs, ...(editing?.specs.nft_image ? { nft_image: editing.specs.nft_image } : {}) },
  };
}

/** An edit refused because a sale (or another edit) changed the stock: the form now shows it. */
export function stockChangedMessage(stock: number): string {
  return `The stock changed to ${stock} while you were editing (a sale or another edit). The form now shows ${stock}: save again to keep your other changes.`;
}
