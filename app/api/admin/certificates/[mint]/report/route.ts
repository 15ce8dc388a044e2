import { adminRoute } from '@/lib/admin/route';
import { clearReportAsOwner } from '@/lib/admin/certificate-routes';
import { requireRecentFactor } from '@/lib/second-factor/step-up';

/** The owner clears a stolen or missing report, with a recent second factor; the trail records it. */
export const DELETE = adminRoute<{ mint: string }>('shop', async (_request, { mint }, session) => {
  requireRecentFactor(session);
  return Response.json(await clearReportAsOwner(mint, session));
});
