import fc from 'fast-check';
import { getImageProps } from 'next/image';
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
  it('writes what next/image writes for every picture and size the shop uses', () => {
    for (const src of SOURCES) for (const sizes of SIZES) expect(watchImageSources(src, sizes), `${src} ${sizes}`).toEqual(nextImageSources(src, sizes));
  });

  it('matches next/image for any local raster path and viewport share', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9 %&?=-]{1,30}$/), fc.integer({ min: 1, max: 199 }), fc.constantFrom('webp', 'jpg', 'png'), (name, share, ext) => {
        const src = `/images/${name}.${ext}`;
        const sizes = `(min-width: 1024px) 20rem, ${share}vw`;
        expect(watchImageSources(src, sizes)).toEqual(nextImageSources(src, sizes));
      }),
    );
  });
});
