import { z } from '@/lib/zod';

/**
 * A watch's prices since it was listed (issue 50 (3)), as the database appends them in each
 * change's own transaction (supabase/migrations/…_price_history.sql) and never rewrites them.
 */

/** The changes a watch page shows: enough for years of a dealer's repricing. */
export const PRICE_HISTORY_LENGTH = 50;

export type PricePoint = { price_sol: number; price_eur: number; at: string };

const pointSchema = z.object({
  price_sol: z.coerce.number(),
  price_eur: z.coerce.number(),
  at: z.union([z.date(), z.string()]).transform((value) => new Date(value).toISOString()),
});

/** The store's rows, newest first, as points oldest first. */
export function toPriceHistory(rows: unknown): PricePoint[] {
  return z.array(pointSchema).parse(rows).reverse();
}

/** What the page says of the last change, when it lowered the price: the drop and its day. */
export type PriceDrop = { percent: number; on: string };

/** The last change, if it lowered the SOL price (what the shop sells at), rounded to a whole percent. */
export function lastPriceDrop(history: readonly PricePoint[]): PriceDrop | null {
  const [before, last] = history.slice(-2);
  if (!before || !last || last.price_sol >= before.price_sol) return null;
  const percent = Math.round((1 - last.price_sol / before.price_sol) * 100);
  return percent > 0 ? { percent, on: last.at.slice(0, 10) } : null;
}
