import 'server-only';
import type { CatalogStore } from '@/lib/catalog/store';
import type { Watch, WatchInput } from '@/lib/catalog/types';
import { requireRecentFactor } from '@/lib/second-factor/step-up';
import type { StaffSession } from '@/lib/staff/store';
import { revalidateCatalog } from '@/lib/catalog/revalidate';
import { HttpError } from '@/lib/http/errors';

/** The answer to a write on one watch: 404 when no watch had the id, else the saved watch. */
export async function savedWatch(watch: Watch | null): Promise<Response> {
  if (!watch) throw new HttpError(404, 'Watch not found');
  await revalidateCatalog();
  return Response.json({ watch });
}

/**
 * Step-up for a price cut by more than half (issue 36), in SOL or in EUR: the trick of cutting a
 * watch's price, buying it and putting the price back needs the second factor given minutes ago.
 */
export async function requireStepUpForPriceCut(store: CatalogStore, id: string, input: WatchInput, session: StaffSession): Promise<void> {
  const current = await store.get(id);
  if (!current) return;
  const cut = (before: number, after: number) => after < before / 2;
  if (cut(current.price_sol, input.price_sol) || cut(current.price_eur, input.price_eur)) requireRecentFactor(session);
}
