import { adminRoute } from '@/lib/admin/route';
import { addServiceEvent } from '@/lib/admin/certificate-routes';

/** Adds a service event (fulfilment or owner); its history's hash is written on chain. */
export const POST = adminRoute<{ mint: string }>('orders', async (request, { mint }, session) =>
  Response.json(await addServiceEvent(request, mint, session), { status: 201 }),
);
