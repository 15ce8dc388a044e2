import 'server-only';
import { revalidateTag } from 'next/cache';
import { clearDocumentCache } from '@/lib/document-cache/serve';
import { CATALOG_TAG } from './cached';

/**
 * After a catalogue write: the next request for a storefront page reads the catalogue afresh
 * (`expire: 0` serves nothing stale; updateTag only works in Server Actions, not route handlers)
 * and renders the page again instead of serving a kept rendering.
 */
export function revalidateCatalog(): void {
  revalidateTag(CATALOG_TAG, { expire: 0 });
  clearDocumentCache();
}
