'use client';

import { formatSol, formatUsd } from '@/lib/price/format';
import { useSolPrice } from './sol-price-provider';

/** A watch's price in SOL and its approximate USD value at the current rate. */
export function WatchPrice({ priceSol, size = 'card' }: { priceSol: number; size?: 'card' | 'detail' }) {
  const rate = useSolPrice();
  return (
    <p className="flex flex-col">
      <span className={`font-serif text-gold ${size === 'detail' ? 'text-3xl' : 'text-xl'}`}>{formatSol(priceSol)}</span>
      <span className="text-sm text-muted">≈ {formatUsd(priceSol, rate)}</span>
    </p>
  );
}
