/** SPEC §3, §7, §9: the SOL/USD rate before any fetch, how often it refreshes, and its error text. */
export const DEFAULT_SOL_PRICE = 180.25;
export const SOL_PRICE_REFRESH_MS = 30_000;
export const SOL_PRICE_ERROR = 'Failed to fetch SOL price';

/** What GET /api/sol-price answers and the pages start from. */
export type SolPriceSnapshot = {
  /** USD per SOL: the last good price, or the default before any. */
  price: number;
  /** When that price was fetched (ISO), null before any success. */
  updatedAt: string | null;
  /** True when no fetch has succeeded within the refresh interval. */
  stale: boolean;
  /** SOL_PRICE_ERROR when the latest fetch failed. */
  error?: string;
};
