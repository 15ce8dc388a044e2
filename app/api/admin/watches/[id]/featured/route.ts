import { adminRoute } from '@/lib/admin/route';
import { savedWatch } from '@/lib/admin/watch-routes';
import { getStores } from '@/lib/shop/stores';

/** Flips the featured flag on the server, in one statement (SPEC §4: the star button). */
export const POST = adminRoute<{ id: string }>('catalogue', async (_, { id }) =>
  savedWatch(await getStores().catalog.toggleFeatured(id)),
);
