import { readJsonObject } from '@/lib/admin/http';
import { adminRoute } from '@/lib/admin/route';
import { adminWatchPage, parseWatchListQuery } from '@/lib/admin/watch-list';
import { revalidateCatalog } from '@/lib/catalog/revalidate';
import { parseWatchInput } from '@/lib/catalog/schema';
import { getStores } from '@/lib/shop/stores';

/**
 * One page (?page=, from 1) of the watches, sold out too, in the admin order (SPEC §3), searched
 * by ?q=, with the number found and the pieces held and sold of each watch of the page.
 */
export const GET = adminRoute('catalogue', async (request) =>
  Response.json(await adminWatchPage(getStores(), parseWatchListQuery(request.nextUrl.searchParams)), {
    headers: { 'cache-control': 'no-store' },
  }),
);

export const POST = adminRoute('catalogue', async (request) => {
  const watch = await getStores().catalog.create(parseWatchInput(await readJsonObject(request)));
  revalidateCatalog();
  return Response.json({ watch }, { status: 201 });
});
