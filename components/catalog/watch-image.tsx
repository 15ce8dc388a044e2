'use client';

import { useState } from 'react';
import { watchImageSources } from '@/lib/catalog/image-sources';
import { PLACEHOLDER_IMAGE } from '@/lib/catalog/images';

type WatchImageProps = {
  src: string;
  alt: string;
  /** The rendered width, for the browser to pick a size (the `sizes` attribute). */
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
 * A plain <img> with next/image's sources (lib/catalog/image-sources.ts says why).
 */
export function WatchImage({ src, alt, sizes, className = '', eager = false, fit = 'contain' }: WatchImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = failedSrc === src ? PLACEHOLDER_IMAGE : src;
  const fail = () => {
    if (shown !== PLACEHOLDER_IMAGE) setFailedSrc(src);
  };
  return (
    // eslint-disable-next-line @next/next/no-img-element -- next/image's sources, see above
    <img
      {...watchImageSources(shown, sizes)}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      onError={fail}
      // An image that failed before hydration fired its error event with no handler attached.
      ref={(image) => {
        if (image?.complete && image.naturalWidth === 0 && image.currentSrc) fail();
      }}
      className={`absolute inset-0 size-full text-transparent ${fit === 'cover' ? 'object-cover' : 'object-contain'} ${className}`}
    />
  );
}
