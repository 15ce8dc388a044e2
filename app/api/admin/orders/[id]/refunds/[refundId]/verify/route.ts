import { adminRoute } from '@/lib/admin/route';
import { verifyRefund } from '@/lib/admin/refund-routes';
import { chainReaderOrThrow } from '@/lib/admin/chain-reader';
import { getStores } from '@/lib/shop/stores';

/** Looks on chain for the refund's transfer now; answers the order as it then is. */
export const POST = adminRoute<{ id: string; refundId: string }>('orders', async (_, { id, refundId }) =>
  Response.json(await verifyRefund(getStores(), chainReaderOrThrow, id, refundId)),
);
