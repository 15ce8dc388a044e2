import { adminRoute } from '@/lib/admin/route';
import { setFrozen } from '@/lib/admin/certificate-routes';
import { requireRecentFactor } from '@/lib/second-factor/step-up';

/** The owner freezes (or thaws) a reported certificate's token account, with a recent second factor. */
export const POST = adminRoute<{ mint: string }>('shop', async (request, { mint }, session) => {
  requireRecentFactor(session);
  return Response.json(await setFrozen(request, mint, session));
});
