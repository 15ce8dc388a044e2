import { isUnoptimizedImage } from './images';
import { isUploadedPhotoUrl, photoUrlForWidth } from '@/lib/uploads/variants';

/**
 * The `src`, `srcSet` and `sizes` of a watch picture, as next/image writes them for a `fill` image
 * without the sizes that return the same file as a smaller one (tests/unit/image-sources.test.ts
 * holds this to `getImageProps`' output).
 *
 * Why not next/image itself: its client code (the component, or `getImageProps` with its
 * configuration, loaders and blur placeholders) weighed on the first-load JavaScript of every page
 * showing a watch (issue 25; docs/performance.md has the figure). The shop uses three of its cases, written out here: uploaded
 * photos (stored in every size, lib/uploads/variants.ts), pictures the optimizer passes through
 * (SVGs, remote URLs) and the shop's own raster images through the optimizer (/_next/image).
 */
export type ImageSources = { src: string; srcSet?: string; sizes?: string };

/**
 * next/image's defaults (next.config.ts sets no `images` options): its image sizes and device
 * sizes, in one ascending list, of which the smallest device size is the smallest phone's width;
 * up to 828, the first that covers the shop's pictures given to the optimizer: the twins `npm run
 * images` draws are 800 px wide, and the optimizer never enlarges. An upload's 768 px file is the
 * last below its 1,280 px original, which 828 already returns. Each size past it (1080 to 3840)
 * was the same file under another address, in every card's markup.
 */
const ALL_SIZES = [32, 48, 64, 96, 128, 256, 384, 640, 750, 828];
const SMALLEST_DEVICE = 640;
const QUALITY = 75;

const optimizerUrl = (src: string, width: number) => `/_next/image?url=${encodeURIComponent(src)}&w=${width}&q=${QUALITY}`;

export function watchImageSources(src: string, sizes: string): ImageSources {
  if (isUploadedPhotoUrl(src)) return responsive(src, sizes, photoUrlForWidth);
  if (isUnoptimizedImage(src)) return { src };
  return responsive(src, sizes, optimizerUrl);
}

/**
 * next/image's widths for a `sizes` attribute: with viewport widths in it, every size from the
 * smallest phone's share of the screen up; otherwise every size.
 */
function responsive(src: string, sizes: string, url: (src: string, width: number) => string): ImageSources {
  const viewportShares = [...sizes.matchAll(/(^|\s)(1?\d?\d)vw/g)].map((match) => Number(match[2]));
  const smallest = viewportShares.length > 0 ? (Math.min(...viewportShares) / 100) * SMALLEST_DEVICE : 0;
  const offered = ALL_SIZES.filter((width) => width >= smallest);
  // next/image would offer only sizes past the widest, each the same file as the widest.
  const widths = offered.length > 0 ? offered : ALL_SIZES.slice(-1);
  return {
    sizes,
    srcSet: widths.map((width) => `${url(src, width)} ${width}w`).join(', '),
    src: url(src, widths[widths.length - 1]!),
  };
}
