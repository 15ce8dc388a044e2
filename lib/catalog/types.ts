import type { CollectorData } from './collector';

/**
 * The watch of SPEC §3, as the shop uses it everywhere (numbers are numbers, times ISO text), with
 * the collector's data of issue 50.
 */

/** The specification keys the admin form edits, in the order the detail dialog lists them. */
export const SPEC_KEYS = [
  'movement',
  'case',
  'waterResistance',
  'crystal',
  'strap',
] as const;

export type SpecKey = (typeof SPEC_KEYS)[number];

/**
 * Only non-empty specs are saved; `nft_image` is the certificate picture, never listed as a spec.
 * SPEC's reference and diameter are the collector's columns now (CollectorData), not specs.
 */
export type WatchSpecs = Partial<Record<SpecKey | 'nft_image', string>>;

export type Watch = {
  id: string;
  brand: string;
  model: string;
  description: string;
  image_urls: string[];
  price_eur: number;
  price_sol: number;
  specs: WatchSpecs;
  features: string[];
  featured: boolean;
  /** Pieces the shop still has to sell (held ones included: a hold is not a sale). */
  stock: number;
  /** stock > 0, kept by the database (a generated column): SPEC's Available / Sold Out. */
  available: boolean;
  created_at: string;
} & CollectorData;

/** What buying a watch needs of it. */
export type PurchaseWatch = Pick<Watch, 'id' | 'brand' | 'model' | 'price_sol' | 'available' | 'image_urls' | 'specs'>;

/** What an add or edit saves (SPEC §7: every field but id and created_at; availability follows the stock). */
export type WatchFields = Omit<Watch, 'id' | 'created_at' | 'available'>;

/** What an add or edit may send: the collector's data may be left out (nobody has said it). */
export type WatchInput = Omit<WatchFields, keyof CollectorData> & Partial<CollectorData>;

/**
 * The owner's price floor (issue 47): a watch created or priced below it, in SOL or in EUR, needs
 * the member's second factor given in the last minutes.
 */
export type PriceFloor = { price_sol: number; price_eur: number };
