'use client';

import { useSolPrice } from '@/components/price/sol-price-provider';
import { prefetchWallet, withWalletUi } from './wallet-ui-on-demand';
import type { PurchaseWatch } from '@/lib/catalog/types';

type BuyButtonProps = {
  watch: PurchaseWatch;
  /** 'card': "Buy with SOL", disabled when sold out. 'detail': reads "Sold Out" when sold out (SPEC §2). */
  variant?: 'card' | 'detail';
  className?: string;
};

/**
 * Every "Buy with SOL" button of the shop. It opens the purchase dialog, whose wallet code is
 * fetched on the first press (or as the pointer arrives), never with the page.
 */
export function BuyButton({ watch, variant = 'card', className = '' }: BuyButtonProps) {
  const soldOut = !watch.available;
  const usdPerSol = useSolPrice();
  return (
    <button
      type="button"
      disabled={soldOut}
      onClick={(event) => {
        // The button sits inside clickable cards: its click must not open the card's dialog.
        event.stopPropagation();
        withWalletUi((walletUi) => walletUi.requestPurchase(watch, usdPerSol));
      }}
      onPointerEnter={prefetchWallet}
      onFocus={prefetchWallet}
      className={`rounded-full bg-gold px-5 py-2.5 text-sm font-medium text-ink transition hover:bg-gold-bright disabled:cursor-not-allowed disabled:bg-raised disabled:text-muted ${className}`}
    >
      {soldOut && variant === 'detail' ? 'Sold Out' : 'Buy with SOL'}
    </button>
  );
}
