import { adminRoute } from '@/lib/admin/route';
import { refundQr } from '@/lib/admin/refund-routes';
import { getStores } from '@/lib/shop/stores';

/** An open refund's Solana Pay QR code, for a phone or hardware wallet holding the merchant's funds. */
export const GET = adminRoute<{ id: string; refundId: string }>('orders', async (_, { id, refundId }) => refundQr(getStores(), id, refundId));
