import { readJsonObject } from '@/lib/admin/http';
import { HttpError } from '@/lib/http/errors';
import { adminRoute } from '@/lib/admin/route';
import { savedWatch } from '@/lib/admin/watch-routes';
import { revalidateCatalog } from '@/lib/catalog/revalidate';
import { parseExpectedStock, parseWatchInput } from '@/lib/catalog/schema';
import { getStores } from '@/lib/shop/stores';

type Params = { id: string };

/**
 * 409 with the watch as it is when a sale (or another edit) changed its stock during the edit; 403
 * STEP_UP_REQUIRED for a deep price cut or a price under the floor, refused by the database itself
 * (supabase/migrations/20261128000200_price_history.sql).
 */
export const PUT = adminRoute<Params>('catalogue', async (request, { id }) => {
  const body = await readJsonObject(request);
  return savedWatch(await getStores().catalog.update(id, parseWatchInput(body), parseExpectedStock(body)));
});

export const DELETE = adminRoute<Params>('catalogue', async (_, { id }) => {
  if (!(await getStores().catalog.remove(id))) throw new HttpError(404, 'Watch not found');
  revalidateCatalog();
  return Response.json({ deleted: id });
});
