import { SPEC_KEYS, type SpecKey, type Watch } from './types';

const SPEC_LABELS: Record<SpecKey, string> = {
  reference: 'Reference',
  movement: 'Movement',
  case: 'Case',
  diameter: 'Diameter',
  waterResistance: 'Water Resistance',
  crystal: 'Crystal',
  strap: 'Strap',
};

export type SpecEntry = { key: SpecKey; label: string; value: string };

/** The specifications the detail views list, in SPEC_KEYS order, with human labels; never nft_image. */
export function specEntries(specs: Watch['specs']): SpecEntry[] {
  return SPEC_KEYS.flatMap((key) => {
    const value = specs[key];
    return value ? [{ key, label: SPEC_LABELS[key], value }] : [];
  });
}
