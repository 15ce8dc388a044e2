import { ordersPage, parseListQuery } from '@/lib/admin/order-routes';
import { adminRoute } from '@/lib/admin/route';
import { getStores } from '@/lib/shop/stores';

/** A page of the stored orders, newest first, filtered by ?status= and ?q= (issue 14). */
export const GET = adminRoute('orders', async (request) =>
  Response.json(await ordersPage(getStores(), parseListQuery(request.nextUrl.searchParams)), {
    headers: { 'cache-control': 'no-store' },
  }),
);
