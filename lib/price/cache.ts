import { waitAtMost } from '@/lib/wait-at-most';
import { DEFAULT_SOL_PRICE, SOL_PRICE_ERROR, SOL_PRICE_REFRESH_MS, type SolPriceSnapshot } from './constants';

type PriceCacheOptions = {
  fetchPrice: () => Promise<number>;
  now?: () => number;
  maxAgeMs?: number;
  /** How long a read waits for a refresh when there is a last good price to answer instead. */
  refreshWaitMs?: number;
  log?: (message: string, error: unknown) => void;
};

/**
 * A service answering as fast as it usually does still gives a read its new price; a slow one no
 * longer holds every page rendered in that moment for up to its 5 s time limit.
 */
const REFRESH_WAIT_MS = 300;

export type SolPriceCache = { read(): Promise<SolPriceSnapshot> };

/**
 * The SOL price as the server shares it with every visitor. At most one upstream call per
 * interval, however many requests arrive together (they wait on the same call); a failed call
 * keeps the last good price, records SPEC §8's error and is not retried before the interval ends,
 * so a failing service is not hammered. A read waits for a refresh at most refreshWaitMs once there
 * is a last good price, and then answers with it (marked stale); only the very first waits for the
 * service (itself bounded by the upstream time limit). Never throws.
 */
export function createSolPriceCache({
  fetchPrice,
  now = Date.now,
  maxAgeMs = SOL_PRICE_REFRESH_MS,
  refreshWaitMs = REFRESH_WAIT_MS,
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
      if (now() - lastAttemptAt >= maxAgeMs) inFlight ??= refresh();
      if (inFlight) await (lastGood ? waitAtMost(inFlight, refreshWaitMs) : inFlight);
      return snapshot();
    },
  };
}
