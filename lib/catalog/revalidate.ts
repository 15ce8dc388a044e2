import 'server-only';
import { revalidateTag } from 'next/cache';
import { sharedTags } from '@/lib/cache-tags/shared';
import { CATALOG_TAG } from './tags';

/**
 * After a write that changes what shoppers see: on every server instance, the next catalogue read
 * goes to the database and no page rendering made before it is served (docs/architecture.md:
 * Caching). This instance at once; the others when they next read the shared tags, at most a
 * second later.
 *
 * The tag is recorded in the database here, awaited, so that it is there before the operator is
 * told the write is saved: Next's revalidateTag reaches the same cache handler only after a route
 * handler's response is sent. revalidateTag is still called, for what Next keeps itself: the
 * opengraph cards it prerendered on demand (its handler knows the tag is recorded already).
 */
export async function revalidateCatalog(): Promise<void> {
  revalidateTag(CATALOG_TAG, { expire: 0 });
  await sharedTags().revalidate([CATALOG_TAG], 0);
}
