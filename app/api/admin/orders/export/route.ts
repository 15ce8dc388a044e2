import { ordersCsv, parseListQuery } from '@/lib/admin/order-routes';
import { adminRoute, recordAction } from '@/lib/admin/route';
import { requireRecentFactor } from '@/lib/second-factor/step-up';
import { getStores } from '@/lib/shop/stores';

/** The filtered orders as a CSV download (same ?status= and ?q= as the list). */
export const GET = adminRoute('orders', async (request, _, session) => {
  requireRecentFactor(session);
  const query = parseListQuery(request.nextUrl.searchParams);
  // Buyers' names and addresses leave the shop: who took them, and which, is on the trail.
  await recordAction(request, session, { kind: 'orders.export', subject: null, after: { status: query.status ?? null, q: query.q } });
  return ordersCsv(getStores(), query);
});
