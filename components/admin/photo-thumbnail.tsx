'use client';

import Image from 'next/image';
import { useState } from 'react';
import { isUploadedPhotoUrl, photoUrlForWidth } from '@/lib/uploads/variants';

/** The smallest stored size (192 px) covers a 56 px thumbnail at any common pixel density. */
const THUMBNAIL_WIDTH = 192;

/**
 * A small picture of an image in the watch form: a local preview, an uploaded photo or one of
 * the shop's own images. Other sites' images are not loaded into the admin (the CSP allows none),
 * and a URL still being typed that loads nothing shows an empty frame.
 */
export function PhotoThumbnail({ src }: { src: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = isUploadedPhotoUrl(src) ? photoUrlForWidth(src, THUMBNAIL_WIDTH) : src;
  const loadable = (shown.startsWith('/') && !shown.startsWith('//')) || shown.startsWith('blob:') || isUploadedPhotoUrl(src);
  return (
    <span className="relative block h-14 w-14 shrink-0 overflow-hidden rounded border border-line bg-raised">
      {loadable && failed !== shown && (
        <Image src={shown} alt="" fill sizes="56px" unoptimized onError={() => setFailed(shown)} className="object-cover" />
      )}
    </span>
  );
}
