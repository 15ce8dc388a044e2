import { adminRoute } from '@/lib/admin/route';
import { openRefund } from '@/lib/admin/refund-routes';
import { requireRecentFactor } from '@/lib/second-factor/step-up';
import { getStores } from '@/lib/shop/stores';

/**
 * Opens a refund of the order (issue 51): 201 with the Solana Pay request that pays it. Money is
 * about to leave: the member's second factor must be recent, and the trail records the refund.
 */
export const POST = adminRoute<{ id: string }>('orders', async (request, { id }, session) => {
  requireRecentFactor(session);
  return Response.json(await openRefund(getStores(), id, request, session.name), { status: 201 });
});
