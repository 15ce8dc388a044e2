import { resendEvent } from '@/lib/admin/order-routes';
import { adminRoute } from '@/lib/admin/route';
import { getStores } from '@/lib/shop/stores';

/** The operator resends one of the order's messages (issue 22); the background loop sends it. */
export const POST = adminRoute<{ id: string; eventId: string }>('orders', async (_, { id, eventId }) =>
  Response.json(await resendEvent(getStores(), id, eventId)),
);
