import { isUploadedPhotoUrl, photoUrlForWidth } from '@/lib/uploads/variants';

/**
 * A watch's picture in My Orders and on /verify: a plain <img>, its size picked on the server.
 * next/image (a client component) on these pages made the bundler move it, with WatchImage, into a
 * chunk of its own that the listing pages then load too, adding to their first-load JavaScript.
 */
export function WatchThumbnail({ src, alt, size }: { src: string; alt: string; size: number }) {
  const shown = isUploadedPhotoUrl(src) ? photoUrlForWidth(src, size * 2) : src;
  // eslint-disable-next-line @next/next/no-img-element -- on purpose, see above
  return <img src={shown} alt={alt} width={size} height={size} loading="lazy" decoding="async" className="size-full object-contain" />;
}
