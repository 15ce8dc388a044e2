import 'server-only';
import { revalidateTag } from 'next/cache';
import { CATALOG_TAG } from './cached';

/**
 * After a catalogue write: the next request for a storefront page reads the catalogue afresh
 * (`expire: 0` serves nothing stale; updateTag only works in Server Actions, not route handlers).
 */
export function revalidateCatalog(): void {
  revalidateTag(CATALOG_TAG, { expire: 0 });
}
