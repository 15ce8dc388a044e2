/**
 * The sizes an uploaded photo is stored in, and how a picture picks one. Widths cover what the
 * storefront draws, at up to twice the pixel density: the gallery's 6rem thumbnails (192), the
 * cards at 22rem or half a tablet (384, 768) and the detail dialog's 28rem image or a phone's
 * full width (1280). The largest is the photo's own name, `<sha256 of its bytes>.webp`, the one
 * the catalogue stores; the others are `<same hash>-<width>.webp`. A name never changes content,
 * so every file can be cached for good.
 */
export const MAIN_PHOTO_WIDTH = 1280;
export const PHOTO_WIDTHS = [192, 384, 768, MAIN_PHOTO_WIDTH] as const;

const HASH = '[0-9a-f]{64}';
/** An uploaded photo's URL, on either backend: its last path segment is the main file's name. */
const UPLOADED_URL = new RegExp(`^(.*/)(${HASH})\\.webp$`);
/**
 * A stored file's name: nothing else may reach the file system or the bucket. Only the server
 * checks names; built on first use, so the browser bundles that pick a photo's URL leave it out.
 */
let fileName: RegExp | undefined;

export function isPhotoFileName(name: string): boolean {
  fileName ??= new RegExp(`^${HASH}(-(${PHOTO_WIDTHS.join('|')}))?\\.webp$`);
  return fileName.test(name);
}

export function photoFileName(hash: string, width: number): string {
  return width === MAIN_PHOTO_WIDTH ? `${hash}.webp` : `${hash}-${width}.webp`;
}

/** The URL of the stored size that covers `width` pixels, for a URL the catalogue holds. */
export function photoUrlForWidth(src: string, width: number): string {
  const match = UPLOADED_URL.exec(src);
  if (!match) return src;
  const fit = PHOTO_WIDTHS.find((stored) => stored >= width) ?? MAIN_PHOTO_WIDTH;
  return `${match[1]}${photoFileName(match[2]!, fit)}`;
}

export function isUploadedPhotoUrl(src: string): boolean {
  return UPLOADED_URL.test(src);
}
