import { adminRoute } from '@/lib/admin/route';
import { cancelRefund } from '@/lib/admin/refund-routes';
import { chainReaderOrThrow } from '@/lib/admin/chain-reader';
import { getStores } from '@/lib/shop/stores';

/** Cancels an open refund nobody paid (the chain is asked first); the trail records who did. */
export const POST = adminRoute<{ id: string; refundId: string }>('orders', async (_, { id, refundId }) =>
  Response.json(await cancelRefund(getStores(), chainReaderOrThrow, id, refundId)),
);
