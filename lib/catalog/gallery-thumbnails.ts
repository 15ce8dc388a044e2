/**
 * The detail dialog's and the watch page's thumbnails (SPEC §9). Apart from the card's rules
 * (card-display.ts): a module ships to the browser whole, so the cards' bundle would carry this too.
 */

/** SPEC §9: the detail dialog shows at most 4 thumbnails. */
export const MAX_THUMBNAILS = 4;

/**
 * The up to 4 thumbnails shown for the image at `active`, with the index of the first: the first
 * four while one of them is active, else the four ending at the active one, so it is always shown.
 */
export function thumbnails(images: readonly string[], active = 0): { start: number; shown: string[] } {
  const start = Math.min(Math.max(active - (MAX_THUMBNAILS - 1), 0), Math.max(images.length - MAX_THUMBNAILS, 0));
  return { start, shown: images.slice(start, start + MAX_THUMBNAILS) };
}
