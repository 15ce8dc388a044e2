'use client';

import Image from 'next/image';
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
 * hydrated: next/image sets the failed image's src again once its error handler is attached.
 * Every watch picture with a fallback is drawn by this component, so none misses it.
 */
export function WatchImage({ src, alt, sizes, className = '', eager = false, fit = 'contain' }: WatchImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = failedSrc === src ? PLACEHOLDER_IMAGE : src;
  const uploaded = isUploadedPhotoUrl(shown);
  return (
    <Image
      src={shown}
      alt={alt}
      fill
      sizes={sizes}
      loader={uploaded ? uploadedPhotoLoader : undefined}
      unoptimized={!uploaded && isUnoptimizedImage(shown)}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      onError={() => setFailedSrc(src)}
      className={`${fit === 'cover' ? 'object-cover' : 'object-contain'} ${className}`}
    />
  );
}
