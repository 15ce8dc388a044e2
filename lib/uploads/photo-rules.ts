/**
 * What an uploaded photo may be (issue 14), shared by the admin form (to refuse early) and the
 * server (which decides, by the bytes).
 */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
export const MAX_PHOTO_PIXELS = 40_000_000;

/** The file picker's filter: only a hint, since a file's name and type say nothing certain. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

export const PHOTO_MESSAGES = {
  tooLarge: 'The photo is larger than 15 MB',
  wrongType: 'Only JPEG, PNG, WebP or AVIF photos can be uploaded',
  tooManyPixels: 'The photo has more than 40 megapixels',
  damaged: 'The photo is damaged or incomplete',
  foreignContent: 'The file hides other content inside the image',
  empty: 'The file is empty',
  failed: 'The photo could not be uploaded. Please try again',
} as const;
