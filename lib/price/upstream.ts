import 'server-only';
import { z } from '@/lib/zod';
import type { PriceConfig } from '@/lib/config';

/** A slow price service must not hold page renders: past this, the fetch counts as failed. */
const UPSTREAM_TIMEOUT_MS = 5_000;

/** The service answers the price as text ("180.25"); anything but a positive number is a failure. */
const priceAnswerSchema = z.object({
  price: z.union([z.string().trim().min(1), z.number()]).transform(Number).pipe(z.number().positive()),
});

/**
 * SPEC §7: GET {base}/price?symbol=SOL/USD&apikey={key}, reading the `price` field. Throws on any
 * failure (network, status, timeout, an answer without a usable price).
 */
export async function fetchSolUsdPrice(
  { baseUrl, apiKey }: PriceConfig,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = UPSTREAM_TIMEOUT_MS,
): Promise<number> {
  const url = new URL('price', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  url.searchParams.set('symbol', 'SOL/USD');
  if (apiKey) url.searchParams.set('apikey', apiKey);
  const response = await fetchImpl(url, { cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`The price service answered ${response.status}`);
  const parsed = priceAnswerSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`The price service gave no usable price: ${parsed.error.issues[0]?.message}`);
  return parsed.data.price;
}
