'use client';

import { getImageProps } from 'next/image';
import { useState } from 'react';
import { isUnoptimizedImage, PLACEHOLDER_IMAGE } from '@/lib/catalog/images';
import { isUploadedPhotoUrl, photoUrlForWidth } from '@/lib/uploads/variants';

/** Uploaded photos are stored ready in every size the shop draws: no optimizer run needed. */
const uploadedPhotoLoader = ({ src, width }: { src: string; width: number }) => photoUrlForWidth(src, width);

type WatchImageProps = {
  src: string;
  alt: string;
  /** The rendered width, for the browser to pick a size (next/image `sizes`). */
  sizes: string;
  className?: string;
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean;
  /** Show the whole picture (the shop's cards) or fill the frame with it (the admin's). */
  fit?: 'contain' | 'cover';
};

/**
 * A watch picture filling its (sized) parent, so nothing shifts while it loads. A broken image
 * falls back to the stock placeholder (SPEC §2, §9), also when it failed before the page was
 * hydrated: the element is checked as React attaches it. Every watch picture with a fallback is
 * drawn by this component, so none misses it.
 *
 * A plain <img> with next/image's attributes (getImageProps: the same srcset, sizes and optimizer
 * URLs) rather than the <Image> component: the component's client code (its contexts, preloading
 * and blur placeholders, none of which the shop uses) was ~4 KB gz of every storefront page's
 * first-load JavaScript (issue 25).
 */
export function WatchImage({ src, alt, sizes, className = '', eager = false, fit = 'contain' }: WatchImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = failedSrc === src ? PLACEHOLDER_IMAGE : src;
  const uploaded = isUploadedPhotoUrl(shown);
  const { props } = getImageProps({
    src: shown,
    alt,
    fill: true,
    sizes,
    loader: uploaded ? uploadedPhotoLoader : undefined,
    unoptimized: !uploaded && isUnoptimizedImage(shown),
    loading: eager ? 'eager' : 'lazy',
    fetchPriority: eager ? 'high' : 'auto',
    className: `${fit === 'cover' ? 'object-cover' : 'object-contain'} ${className}`,
  });
  const fail = () => {
    if (shown !== PLACEHOLDER_IMAGE) setFailedSrc(src);
  };
  return (
    // eslint-disable-next-line @next/next/no-img-element -- next/image's own attributes, see above
    <img
      {...props}
      alt={alt}
      onError={fail}
      // An image that failed before hydration fired its error event with no handler attached.
      ref={(image) => {
        if (image?.complete && image.naturalWidth === 0 && image.currentSrc) fail();
      }}
    />
  );
}
