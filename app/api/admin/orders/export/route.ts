import { ordersCsv, parseListQuery } from '@/lib/admin/order-routes';
import { adminRoute } from '@/lib/admin/route';
import { getStores } from '@/lib/shop/stores';

/** The filtered orders as a CSV download (same ?status= and ?q= as the list). */
export const GET = adminRoute(async (request) => ordersCsv(getStores().orders, parseListQuery(request.nextUrl.searchParams)));
