import { readJsonObject } from '@/lib/admin/http';
import { adminRoute } from '@/lib/admin/route';
import { revalidateCatalog } from '@/lib/catalog/revalidate';
import { parseWatchInput } from '@/lib/catalog/schema';
import { getStores } from '@/lib/stores';

/** Every watch, sold out too, in the admin order (SPEC §3). */
export const GET = adminRoute(async () => Response.json({ watches: await getStores().catalog.listAll() }));

export const POST = adminRoute(async (request) => {
  const watch = await getStores().catalog.create(parseWatchInput(await readJsonObject(request)));
  await revalidateCatalog();
  return Response.json({ watch }, { status: 201 });
});
