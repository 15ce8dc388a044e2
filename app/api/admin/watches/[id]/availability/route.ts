import { z } from '@/lib/zod';
import { readJsonObject } from '@/lib/admin/http';
import { HttpError } from '@/lib/http/errors';
import { adminRoute } from '@/lib/admin/route';
import { savedWatch } from '@/lib/admin/watch-routes';
import { getStores } from '@/lib/shop/stores';

const availabilitySchema = z.object({ available: z.boolean() });

/** Marks a watch available or sold out (beyond SPEC: DESIGN lets the operator do it). */
export const PUT = adminRoute<{ id: string }>('catalogue', async (request, { id }) => {
  const body = availabilitySchema.safeParse(await readJsonObject(request));
  if (!body.success) throw new HttpError(400, 'available must be true or false');
  return savedWatch(await getStores().catalog.setAvailable(id, body.data.available));
});
