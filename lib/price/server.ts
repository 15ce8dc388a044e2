import 'server-only';
import { parsePriceConfig } from '@/lib/config';
import { createSolPriceCache, type SolPriceCache } from './cache';
import { fetchSolUsdPrice } from './upstream';

/** This server process's one price cache (on globalThis, so a dev reload does not make a second). */
function solPriceCache(): SolPriceCache {
  const holder = globalThis as typeof globalThis & { __orxSolPrice?: SolPriceCache };
  if (!holder.__orxSolPrice) {
    const config = parsePriceConfig(process.env);
    holder.__orxSolPrice = createSolPriceCache({ fetchPrice: () => fetchSolUsdPrice(config) });
  }
  return holder.__orxSolPrice;
}

export function readSolPrice() {
  return solPriceCache().read();
}
