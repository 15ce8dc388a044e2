import { readJsonObject } from '@/lib/admin/http';
import { adminRoute } from '@/lib/admin/route';
import { revalidateCatalog } from '@/lib/catalog/revalidate';
import { parseWatchInput } from '@/lib/catalog/schema';
import { getStores } from '@/lib/stores';

/** Every watch, sold out too, in the admin order (SPEC §3), with the pieces held and sold of each. */
export const GET = adminRoute(async () => {
  const { catalog, orders } = getStores();
  const [watches, counts] = await Promise.all([catalog.listAll(), orders.stockCounts()]);
  return Response.json({ watches, counts });
});

export const POST = adminRoute(async (request) => {
  const watch = await getStores().catalog.create(parseWatchInput(await readJsonObject(request)));
  await revalidateCatalog();
  return Response.json({ watch }, { status: 201 });
});
