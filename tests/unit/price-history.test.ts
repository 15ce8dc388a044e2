import { describe, expect, it } from 'vitest';
import { lastPriceDrop, toPriceHistory, type PricePoint } from '@/lib/catalog/price-history';

/** Issue 50 (3): what the watch page says of a watch's prices. */

const point = (price_sol: number, at: string): PricePoint => ({ price_sol, price_eur: price_sol * 140, at: `${at}T10:00:00.000Z` });

describe('the last price drop', () => {
  it('says by how much, to the whole percent, and on which day the price was lowered', () => {
    expect(lastPriceDrop([point(100, '2026-11-01'), point(88, '2026-11-20')])).toEqual({ percent: 12, on: '2026-11-20' });
    expect(lastPriceDrop([point(120, '2026-10-01'), point(100, '2026-11-01'), point(88, '2026-11-20')])).toEqual({ percent: 12, on: '2026-11-20' });
  });

  it('says nothing when the last change raised the price, when it never changed, or when the drop rounds to nothing', () => {
    expect(lastPriceDrop([point(88, '2026-11-01'), point(100, '2026-11-20')])).toBeNull();
    expect(lastPriceDrop([point(100, '2026-11-01')])).toBeNull();
    expect(lastPriceDrop([])).toBeNull();
    expect(lastPriceDrop([point(100, '2026-11-01'), point(99.8, '2026-11-20')])).toBeNull();
  });

  it('reads the store’s rows, newest first, as points oldest first, whatever form each store gives', () => {
    expect(
      toPriceHistory([
        { price_sol: '88.000000000', price_eur: '12320.00', at: new Date('2026-11-20T10:00:00Z') },
        { price_sol: 100, price_eur: 14000, at: '2026-11-01T10:00:00+00:00' },
      ]),
    ).toEqual([
      { price_sol: 100, price_eur: 14000, at: '2026-11-01T10:00:00.000Z' },
      { price_sol: 88, price_eur: 12320, at: '2026-11-20T10:00:00.000Z' },
    ]);
  });
});
