import { moveOrder } from '@/lib/admin/order-routes';
import { adminRoute } from '@/lib/admin/route';
import { parsePaymentsConfig } from '@/lib/chain/config';
import { getStores } from '@/lib/shop/stores';

/** The operator moves an order forward: shipped, delivered or refunded (issue 14). */
export const POST = adminRoute<{ id: string }>('orders', async (request, { id }, session) =>
  Response.json(await moveOrder(getStores(), id, request, parsePaymentsConfig().mode, session.name)),
);
