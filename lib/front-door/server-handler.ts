import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SharedTags } from '@/lib/cache-tags/shared-tags';
import { createDocumentCache } from '@/lib/document-cache/serve';
import { securityHeadersForRequest } from '@/lib/http/request-security';
import { createNonce } from '@/lib/http/security-headers';
import { frontDoor, handToNext, type NextHandler } from './front-door';
import { createStaticFiles } from './static-files';

type ServerHandlerOptions = {
  /** `npm run dev`: Next compiles on demand and reloads what was edited. */
  dev: boolean;
  /** Next.js's request handler. */
  handle: NextHandler;
  tags: SharedTags;
  /** The host the server answers as, once it listens. */
  host: () => string;
  /** The folder holding `.next` and `public`. */
  root: string;
};

/**
 * What ORX's server (main.ts) answers every request with: the front door in front of Next.js.
 * Under `next dev` it keeps no rendering, as a reload must show the code just edited, and leaves
 * the files to Next, which compiles them on demand.
 */
export function serverHandler({ dev, handle, tags, host, root }: ServerHandlerOptions): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  const toNext = handToNext(handle, tags);
  const documentCache = dev ? null : createDocumentCache({ tags, dispatch: toNext, host, securityHeaders: (nonce) => securityHeadersForRequest(nonce) });
  const staticFiles = dev ? null : createStaticFiles({ root, securityHeaders: () => securityHeadersForRequest(createNonce()) });
  return frontDoor({ toNext, tags, documentCache, staticFiles });
}
