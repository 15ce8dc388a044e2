import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { getImageProps } from 'next/image';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isUnoptimizedImage } from '@/lib/catalog/images';
import { watchImageSources } from '@/lib/catalog/image-sources';
import { isUploadedPhotoUrl, photoUrlForWidth } from '@/lib/uploads/variants';

/** What next/image itself writes for the same picture (the props the shop used before issue 25). */
function nextImageSources(src: string, sizes: string) {
  const uploaded = isUploadedPhotoUrl(src);
  const { props } = getImageProps({
    src,
    alt: '',
    fill: true,
    sizes,
    loader: uploaded ? ({ src: source, width }) => photoUrlForWidth(source, width) : undefined,
    unoptimized: !uploaded && isUnoptimizedImage(src),
  });
  return { src: props.src, srcSet: props.srcSet, sizes: props.sizes };
}

/** The widest size the shop offers: the first of next/image's that covers its 800 px pictures. */
const WIDEST = 828;
const entries = (srcSet: string | undefined) => (srcSet ? srcSet.split(', ') : []);
const widthOf = (entry: string) => Number(entry.slice(entry.lastIndexOf(' ') + 1, -1));

/** next/image's sources without its sizes past WIDEST; WIDEST alone when it offers only those. */
function expectedSources(src: string, sizes: string) {
  const next = nextImageSources(src, sizes);
  if (next.srcSet === undefined) return next;
  const below = entries(next.srcSet).filter((entry) => widthOf(entry) <= WIDEST);
  const widest = entries(nextImageSources(src, `${WIDEST}px`).srcSet).find((entry) => widthOf(entry) === WIDEST)!;
  const kept = below.length > 0 ? below : [widest];
  return { ...next, srcSet: kept.join(', '), src: kept.at(-1)!.slice(0, kept.at(-1)!.lastIndexOf(' ')) };
}

const HASH = 'a'.repeat(64);
const SOURCES = [
  '/images/watches/rolex-submariner-1.webp',
  '/images/watches/omega speedmaster & co?.jpg',
  '/images/watches/omega-1.svg',
  'https://cdn.example.com/watch.svg',
  'https://cdn.example.com/watch.jpg',
  `/uploads/${HASH}.webp`,
  `https://project.supabase.co/storage/v1/object/public/photos/${HASH}.webp`,
  '/images/watch-placeholder.svg',
];
/** Every `sizes` the shop draws watch pictures with, and a few more shapes. */
const SIZES = ['(min-width: 1024px) 22rem, 46vw', '(min-width: 768px) 28rem, 100vw', '6rem', '288px', '5vw', '(max-width: 600px) 30vw, 50vw'];

describe('watchImageSources', () => {
  it('writes what next/image writes for every picture and size the shop uses, up to 828 px', () => {
    for (const src of SOURCES) for (const sizes of SIZES) expect(watchImageSources(src, sizes), `${src} ${sizes}`).toEqual(expectedSources(src, sizes));
    expect(entries(watchImageSources('/images/watches/rolex-submariner-1.webp', '(min-width: 1024px) 22rem, 46vw').srcSet).map(widthOf)).toEqual([384, 640, 750, 828]);
  });

  it('leaves out only sizes that returned the same picture as 828 did', async () => {
    // The optimizer never enlarges: a size past a picture's own width returns the picture as it is,
    // so every size past 828 returned what 828 returns for a picture at most that wide.
    const images = path.join(process.cwd(), 'public', 'images');
    const rasters = fs.readdirSync(images, { recursive: true, encoding: 'utf8' }).filter((name) => /\.(webp|jpg)$/.test(name));
    expect(rasters.length).toBeGreaterThan(90);
    for (const name of rasters) expect((await sharp(path.join(images, name)).metadata()).width, name).toBeLessThanOrEqual(WIDEST);
    // An upload's sizes past 828 all named its original, as 828 does.
    const upload = `/uploads/${HASH}.webp`;
    for (const width of [1080, 1200, 1920, 2048, 3840]) expect(photoUrlForWidth(upload, width)).toBe(photoUrlForWidth(upload, WIDEST));
  });

  it('matches next/image up to 828 px for any local raster path and viewport share', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9 %&?=-]{1,30}$/), fc.integer({ min: 1, max: 199 }), fc.constantFrom('webp', 'jpg', 'png'), (name, share, ext) => {
        const src = `/images/${name}.${ext}`;
        const sizes = `(min-width: 1024px) 20rem, ${share}vw`;
        expect(watchImageSources(src, sizes)).toEqual(expectedSources(src, sizes));
      }),
    );
  });
});
