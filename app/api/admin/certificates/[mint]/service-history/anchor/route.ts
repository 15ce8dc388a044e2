import { adminRoute } from '@/lib/admin/route';
import { anchorServiceHistory } from '@/lib/admin/certificate-routes';

/** "Write to chain again": the stored service history's hash, written into the certificate's metadata. */
export const POST = adminRoute<{ mint: string }>('orders', async (_request, { mint }) => Response.json(await anchorServiceHistory(mint)));
