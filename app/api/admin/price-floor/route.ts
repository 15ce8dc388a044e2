import { parseOrThrow, readJsonObject } from '@/lib/admin/http';
import { adminRoute } from '@/lib/admin/route';
import { priceFloorSchema } from '@/lib/catalog/price-floor';
import { priceFloorStore } from '@/lib/catalog/price-floor-server-store';
import { requireRecentFactor } from '@/lib/second-factor/step-up';

const noStore = { headers: { 'cache-control': 'no-store' } };

/** The owner's price floor (issue 47): below it, a price needs the second factor given in the last minutes. */
export const GET = adminRoute('shop', async () => Response.json({ floor: await priceFloorStore().read() }, noStore));

/** Lowering it would let a stolen session cut freely: changing it needs the factor again itself. */
export const PUT = adminRoute('shop', async (request, _, session) => {
  const floor = parseOrThrow(priceFloorSchema, await readJsonObject(request));
  requireRecentFactor(session);
  return Response.json({ floor: await priceFloorStore().set(floor) }, noStore);
});
