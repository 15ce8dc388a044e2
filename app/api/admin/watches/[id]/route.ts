import { readJsonObject } from '@/lib/admin/http';
import { HttpError } from '@/lib/http/errors';
import { adminRoute } from '@/lib/admin/route';
import { requireStepUpForPriceCut, savedWatch } from '@/lib/admin/watch-routes';
import { revalidateCatalog } from '@/lib/catalog/revalidate';
import { parseExpectedStock, parseWatchInput } from '@/lib/catalog/schema';
import { getStores } from '@/lib/shop/stores';

type Params = { id: string };

/** 409 with the watch as it is when a sale (or another edit) changed its stock during the edit. */
export const PUT = adminRoute<Params>('catalogue', async (request, { id }, session) => {
  const body = await readJsonObject(request);
  const input = parseWatchInput(body);
  const { catalog } = getStores();
  await requireStepUpForPriceCut(catalog, id, input, session);
  return savedWatch(await catalog.update(id, input, parseExpectedStock(body)));
});

export const DELETE = adminRoute<Params>('catalogue', async (_, { id }) => {
  if (!(await getStores().catalog.remove(id))) throw new HttpError(404, 'Watch not found');
  await revalidateCatalog();
  return Response.json({ deleted: id });
});
