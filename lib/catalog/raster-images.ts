import { PLACEHOLDER_IMAGE } from './images';

/**
 * Link previews and Google's product results do not show SVG, so every SVG picture the shop ships
 * in public/images has raster twins beside it, made by `npm run images` (scripts/generate-rasters.ts):
 * a WebP (JSON-LD, sitemap) and a JPEG (the social card, whose renderer cannot decode WebP).
 */
export type RasterFormat = 'webp' | 'jpg';

/**
 * The SVGs `npm run images` draws twins of: every view of a watch (`<slug>-<n>.svg`), not its NFT
 * certificate card or a brand emblem, and the placeholder.
 */
const TWINNED_VIEW = /^\/images\/watches\/[a-z0-9-]+-\d+\.svg$/;

/**
 * A picture that already is a raster file: a URL an operator pasted, or a path on the shop's own
 * origin (an uploaded photo, `/uploads/<hash>.webp`); not a protocol-relative `//host/…`.
 */
const RASTER_URL = /^(?:https?:\/\/[^?#]+|\/(?!\/)[^?#]*)\.(?:jpe?g|png|webp|gif)(?:[?#].*)?$/i;

/** The shipped raster twin of a shipped SVG, or null for anything else. */
export function shippedRaster(src: string, format: RasterFormat): string | null {
  return TWINNED_VIEW.test(src) || src === PLACEHOLDER_IMAGE ? src.replace(/\.svg$/, `.${format}`) : null;
}

/**
 * The pictures of a watch that search engines can show: the WebP twins of its shipped SVGs and
 * raster pictures as they are; a pasted SVG or page URL has none and is left out. A watch with none
 * of them gets the placeholder's, since a merchant listing needs an image.
 */
export function searchImages(imageUrls: readonly string[]): string[] {
  const images = imageUrls.flatMap((src) => {
    const raster = shippedRaster(src, 'webp') ?? (RASTER_URL.test(src) ? src : null);
    return raster ? [raster] : [];
  });
  return images.length ? images : [placeholderRaster('webp')];
}

export function placeholderRaster(format: RasterFormat): string {
  return PLACEHOLDER_IMAGE.replace(/\.svg$/, `.${format}`);
}
