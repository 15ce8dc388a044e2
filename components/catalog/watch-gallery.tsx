'use client';

import { useState } from 'react';
import { thumbnails } from '@/lib/catalog/gallery-thumbnails';
import { WatchImage } from './watch-image';

const arrow =
  'absolute top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full border border-line bg-ink/80 text-xl text-ivory transition hover:border-gold hover:text-gold-bright';

/** The detail view's carousel: previous/next arrows, a dot per image and up to 4 thumbnails, the shown image's among them. */
export function WatchGallery({ images, name, eager = false }: { images: readonly string[]; name: string; eager?: boolean }) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const show = (next: number) => setIndex((next + count) % count);
  const { start, shown: shownThumbnails } = thumbnails(images, index);

  return (
    <div className="flex flex-col gap-3">
      <div
        className="relative aspect-square overflow-hidden rounded-lg border border-line bg-surface"
        role="group"
        aria-roledescription="carousel"
        aria-label={`Images of the ${name}`}
      >
        <WatchImage
          key={images[index]}
          src={images[index] ?? ''}
          alt={`${name}, image ${index + 1} of ${count}`}
          sizes="(min-width: 768px) 28rem, 100vw"
          eager={eager}
        />
        {count > 1 && (
          <>
            <button type="button" className={`${arrow} left-3`} aria-label="Previous image" onClick={() => show(index - 1)}>
              ‹
            </button>
            <button type="button" className={`${arrow} right-3`} aria-label="Next image" onClick={() => show(index + 1)}>
              ›
            </button>
            <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1">
              {images.map((src, i) => (
                <button
                  key={src}
                  type="button"
                  aria-label={`Go to image ${i + 1}`}
                  aria-current={i === index}
                  onClick={() => show(i)}
                  className="flex size-6 items-center justify-center"
                >
                  <span className={`block size-2 rounded-full ${i === index ? 'bg-gold-bright' : 'bg-muted/60'}`} />
                </button>
              ))}
            </div>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="grid grid-cols-4 gap-2" aria-label="Thumbnails">
          {shownThumbnails.map((src, offset) => {
            const i = start + offset;
            return (
              <li key={src}>
                <button
                  type="button"
                  onClick={() => show(i)}
                  aria-current={i === index}
                  className={`relative block aspect-square w-full overflow-hidden rounded-md border bg-surface ${i === index ? 'border-gold' : 'border-line'}`}
                >
                  <WatchImage src={src} alt={`${name}, thumbnail ${i + 1}`} sizes="6rem" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
