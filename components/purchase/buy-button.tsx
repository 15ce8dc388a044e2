'use client';

import type { Watch } from '@/lib/catalog/types';

type BuyButtonProps = {
  watch: Pick<Watch, 'id' | 'available'>;
  /** 'card': "Buy with SOL", disabled when sold out. 'detail': reads "Sold Out" when sold out (SPEC §2). */
  variant?: 'card' | 'detail';
  className?: string;
};

/** Every "Buy with SOL" button of the shop; the purchase dialog it opens comes with the wallet issue. */
export function BuyButton({ watch, variant = 'card', className = '' }: BuyButtonProps) {
  const soldOut = !watch.available;
  return (
    <button
      type="button"
      disabled={soldOut}
      // The button sits inside clickable cards: its click must not open the card's dialog.
      onClick={(event) => event.stopPropagation()}
      className={`rounded-full bg-gold px-5 py-2.5 text-sm font-medium text-ink transition hover:bg-gold-bright disabled:cursor-not-allowed disabled:bg-raised disabled:text-muted ${className}`}
    >
      {soldOut && variant === 'detail' ? 'Sold Out' : 'Buy with SOL'}
    </button>
  );
}
