/** What a watch card shows of a watch (SPEC §2, §9). */

/** SPEC §9: cards show at most 2 feature chips. */
export const MAX_FEATURE_CHIPS = 2;

/** The chips a card shows, and how many features the '+N more' stands for. */
export function featureChips(features: readonly string[]): { chips: string[]; more: number } {
  return { chips: features.slice(0, MAX_FEATURE_CHIPS), more: Math.max(features.length - MAX_FEATURE_CHIPS, 0) };
}
