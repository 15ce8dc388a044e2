import 'server-only';
import type { Watch } from '@/lib/catalog/types';
import { revalidateCatalog } from '@/lib/catalog/revalidate';
import { HttpError } from '@/lib/http/errors';

/** The answer to a write on one watch: 404 when no watch had the id, else the saved watch. */
export async function savedWatch(watch: Watch | null): Promise<Response> {
  if (!watch) throw new HttpError(404, 'Watch not found');
  revalidateCatalog();
  return Response.json({ watch });
}
