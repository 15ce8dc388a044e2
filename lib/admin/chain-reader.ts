import 'server-only';
import { paymentsRuntime } from '@/lib/checkout/server/runtime';
import type { ChainReader } from '@/lib/checkout/server/verify';
import { HttpError } from '@/lib/http/errors';

/** The chain a refund is looked up on; 503 in a shop that takes no real payments (no MERCHANT_WALLET). */
export function chainReaderOrThrow(): ChainReader {
  const runtime = paymentsRuntime();
  if (!runtime) throw new HttpError(503, 'The shop is not connected to Solana: set MERCHANT_WALLET to look refunds up on chain.');
  return runtime.connection;
}
