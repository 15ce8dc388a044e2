import 'server-only';
import { sharedTags } from '@/lib/cache-tags/shared';
import { CATALOG_TAG } from './tags';

/**
 * After a write that changes what shoppers see: on every server instance, the next catalogue read
 * goes to the database and no page rendering made before it is served (docs/architecture.md:
 * Caching). This instance at once; the others when they next refresh the shared tags, at most a
 * second later. Awaited, so that the time is in the database before the operator is told the
 * write is saved.
 *
 * Not through Next's revalidateTag, which reaches the same handler (lib/cache-tags/handler.ts):
 * in a route handler Next runs it only after the response is sent.
 */
export async function revalidateCatalog(): Promise<void> {
  await sharedTags().revalidate([CATALOG_TAG], 0);
}
