'use client';

import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { DEFAULT_SOL_PRICE, SOL_PRICE_ERROR, SOL_PRICE_REFRESH_MS } from '@/lib/price/constants';

const SolPriceContext = createContext(DEFAULT_SOL_PRICE);

/**
 * The current SOL/USD rate for the USD values below it. It starts from the price the server
 * rendered with (so the server HTML already holds the USD values) and asks /api/sol-price every
 * 30 s (SPEC §7, §9). A failed refresh keeps the price and is only logged (SPEC §8).
 */
export function SolPriceProvider({ initialPrice, children }: { initialPrice: number; children: ReactNode }) {
  const [price, setPrice] = useState(initialPrice);

  useEffect(() => {
    const timer = setInterval(async () => {
      try {
        const response = await fetch('/api/sol-price');
        if (!response.ok) throw new Error(`GET /api/sol-price answered ${response.status}`);
        const body: { price?: unknown } = await response.json();
        if (typeof body.price !== 'number' || !(body.price > 0)) throw new Error('No price in the answer');
        setPrice(body.price);
      } catch (error) {
        console.error(SOL_PRICE_ERROR, error);
      }
    }, SOL_PRICE_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  return <SolPriceContext value={price}>{children}</SolPriceContext>;
}

export function useSolPrice(): number {
  return use(SolPriceContext);
}
