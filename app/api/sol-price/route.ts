import { connection } from 'next/server';
import { SOL_PRICE_REFRESH_MS } from '@/lib/price/constants';
import { readSolPrice } from '@/lib/price/server';

/**
 * GET /api/sol-price: { price, updatedAt, stale, error? }. Always 200: an upstream failure still
 * answers the last good price (DESIGN: never 5xx for it). Shared caches may keep it as long as the
 * server's own cache does; browsers ask each time (the server's cache makes that cheap).
 */
export async function GET() {
  await connection();
  const snapshot = await readSolPrice();
  const seconds = SOL_PRICE_REFRESH_MS / 1000;
  return Response.json(snapshot, {
    headers: { 'Cache-Control': `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}` },
  });
}
