import { DEFAULT_SOL_PRICE, SOL_PRICE_ERROR, SOL_PRICE_REFRESH_MS, type SolPriceSnapshot } from './constants';

type PriceCacheOptions = {
  fetchPrice: () => Promise<number>;
  now?: () => number;
  maxAgeMs?: number;
  log?: (message: string, error: unknown) => void;
};

export type SolPriceCache = { read(): Promise<SolPriceSnapshot> };

/**
 * The SOL price as the server shares it with every visitor. At most one upstream call per
 * interval, however many requests arrive together (they wait on the same call); a failed call
 * keeps the last good price, records SPEC §8's error and is not retried before the interval ends,
 * so a failing service is not hammered. Never throws.
 */
export function createSolPriceCache({
  fetchPrice,
  now = Date.now,
  maxAgeMs = SOL_PRICE_REFRESH_MS,
  log = console.error,
}: PriceCacheOptions): SolPriceCache {
  let lastGood: { price: number; at: number } | null = null;
  let lastAttemptAt = Number.NEGATIVE_INFINITY;
  let error: string | undefined;
  let inFlight: Promise<void> | null = null;

  const refresh = async () => {
    try {
      lastGood = { price: await fetchPrice(), at: now() };
      error = undefined;
    } catch (cause) {
      log(SOL_PRICE_ERROR, cause);
      error = SOL_PRICE_ERROR;
    } finally {
      lastAttemptAt = now();
      inFlight = null;
    }
  };

  const snapshot = (): SolPriceSnapshot => ({
    price: lastGood?.price ?? DEFAULT_SOL_PRICE,
    updatedAt: lastGood ? new Date(lastGood.at).toISOString() : null,
    stale: lastGood === null || now() - lastGood.at >= maxAgeMs,
    ...(error ? { error } : {}),
  });

  return {
    async read() {
      if (now() - lastAttemptAt >= maxAgeMs) {
        inFlight ??= refresh();
        await inFlight;
      }
      return snapshot();
    },
  };
}
