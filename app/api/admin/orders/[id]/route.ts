import { orderDetail } from '@/lib/admin/order-routes';
import { adminRoute } from '@/lib/admin/route';
import { getStores } from '@/lib/shop/stores';

/** One order and its history. */
export const GET = adminRoute<{ id: string }>('orders', async (_, { id }) =>
  Response.json(await orderDetail(getStores(), id), { headers: { 'cache-control': 'no-store' } }),
);
