/** What a watch card and the gallery show of a watch (SPEC §2, §9). */

/** SPEC §9: cards show at most 2 feature chips; the detail dialog at most 4 thumbnails. */
export const MAX_FEATURE_CHIPS = 2;
export const MAX_THUMBNAILS = 4;

/** The chips a card shows, and how many features the '+N more' stands for. */
export function featureChips(features: readonly string[]): { chips: string[]; more: number } {
  return { chips: features.slice(0, MAX_FEATURE_CHIPS), more: Math.max(features.length - MAX_FEATURE_CHIPS, 0) };
}

/**
 * The up to 4 thumbnails shown for the image at `active`, with the index of the first: the first
 * four while one of them is active, else the four ending at the active one, so it is always shown.
 */
export function thumbnails(images: readonly string[], active = 0): { start: number; shown: string[] } {
  const start = Math.min(Math.max(active - (MAX_THUMBNAILS - 1), 0), Math.max(images.length - MAX_THUMBNAILS, 0));
  return { start, shown: images.slice(start, start + MAX_THUMBNAILS) };
}
