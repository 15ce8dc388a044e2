import { adminRoute } from '@/lib/admin/route';
import { adminCertificate } from '@/lib/admin/certificate-routes';

/** The certificate as the chain and the records show it now: custody, report, freeze, service history. */
export const GET = adminRoute<{ mint: string }>('orders', async (_request, { mint }) =>
  Response.json(await adminCertificate(mint), { headers: { 'cache-control': 'private, no-store' } }),
);
