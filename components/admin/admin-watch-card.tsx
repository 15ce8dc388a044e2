'use client';

import type { ReactNode } from 'react';
import { WatchImage } from '@/components/catalog/watch-image';
import { PLACEHOLDER_IMAGE } from '@/lib/catalog/images';
import type { Watch } from '@/lib/catalog/types';

/** The admin grid: one card a row on phones, then two, three and four (from 1280 px) in an 80rem page. */
const CARD_IMAGE_SIZES = '(min-width: 1280px) 20rem, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

const eur = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });

type Props = {
  watch: Watch;
  /** Pieces held by buyers paying now, and pieces sold. */
  counts: { held: number; sold: number };
  onToggleFeatured: (watch: Watch) => void;
  onToggleAvailable: (watch: Watch) => void;
  onEdit: (watch: Watch) => void;
  onDelete: (watch: Watch) => void;
};

/** SPEC §2 admin card, plus the availability control DESIGN adds. */
export function AdminWatchCard({ watch, counts, onToggleFeatured, onToggleAvailable, onEdit, onDelete }: Props) {
  const titleId = `watch-${watch.id}`;
  const name = `${watch.brand} ${watch.model}`;

  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col overflow-hidden rounded-lg border border-line bg-surface">
      <div className="relative aspect-square bg-raised">
        {/* Any operator-given URL, with the fallback of SPEC §2 when it fails to load. */}
        <WatchImage src={watch.image_urls[0] ?? PLACEHOLDER_IMAGE} alt={name} sizes={CARD_IMAGE_SIZES} fit="cover" />
        <div className="absolute left-2 top-2 flex flex-wrap gap-1.5 text-xs font-semibold tracking-wide">
          {watch.featured && <span className="rounded bg-gold px-2 py-0.5 text-ink">FEATURED</span>}
          <span className={`rounded px-2 py-0.5 text-ink ${watch.available ? 'bg-ok' : 'bg-sold'}`}>
            {watch.available ? 'Available' : 'Sold Out'}
          </span>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs uppercase tracking-[0.2em] text-gold">{watch.brand}</p>
        <h3 id={titleId} className="font-serif text-xl leading-tight">
          {watch.model}
        </h3>
        <p className="line-clamp-2 text-sm text-muted">{watch.description}</p>
        <dl aria-label={`Stock of ${name}`} className="flex gap-4 text-sm">
          {(
            [
              ['In stock', watch.stock],
              ['Held', counts.held],
              ['Sold', counts.sold],
            ] as const
          ).map(([term, value]) => (
            <div key={term} className="flex gap-1.5">
              <dt className="text-muted">{term}</dt>
              <dd className="font-medium tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-auto flex items-baseline justify-between gap-2 pt-2">
          <span className="font-medium text-gold-bright">{watch.price_sol} SOL</span>
          <span className="text-sm text-muted">{eur.format(watch.price_eur)}</span>
        </p>
        <div className="flex flex-wrap gap-2 pt-2">
          <CardButton
            label={watch.featured ? 'Remove from featured' : 'Mark as featured'}
            onClick={() => onToggleFeatured(watch)}
          >
            <span aria-hidden="true" className={watch.featured ? 'text-gold-bright' : ''}>
              {watch.featured ? '★' : '☆'}
            </span>
          </CardButton>
          <CardButton label={`Edit ${name}`} onClick={() => onEdit(watch)}>
            Edit
          </CardButton>
          <CardButton label={`Delete ${name}`} onClick={() => onDelete(watch)}>
            Delete
          </CardButton>
          <CardButton
            label={watch.available ? `Mark ${name} sold out` : `Mark ${name} available`}
            onClick={() => onToggleAvailable(watch)}
          >
            {watch.available ? 'Mark sold out' : 'Mark available'}
          </CardButton>
        </div>
      </div>
    </article>
  );
}

function CardButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="min-h-10 min-w-10 rounded border border-line px-3 text-sm text-ivory hover:border-gold hover:text-gold-bright"
    >
      {children}
    </button>
  );
}
