import 'server-only';
import { revalidateTag } from 'next/cache';
import { CATALOG_TAG } from './tags';

/**
 * After a write that changes what shoppers see: on every server instance, the next catalogue read
 * goes to the database and no page rendering made before it is served (docs/architecture.md:
 * Caching). This instance at once; the others when they next read the shared tags, at most a
 * second later.
 *
 * Next hands the tag to the `'use cache'` handler (lib/cache-tags/handler.ts) before it sends the
 * response, and ORX's server holds that response's end until the tag is recorded in the database
 * (lib/front-door/front-door.ts): the write is known to every instance before the operator is told
 * it is saved.
 */
export function revalidateCatalog(): void {
  revalidateTag(CATALOG_TAG, { expire: 0 });
}
