import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SharedTags } from '@/lib/cache-tags/shared-tags';
import type { DocumentCache } from '@/lib/document-cache/serve';
import type { RenderDispatch } from '@/lib/document-cache/render';
import { tidiedQuery } from '@/lib/catalog/facets';
import { stampRequest } from '@/lib/http/front-door-stamps';

/** Next.js's request handler (`next().getRequestHandler()`), as the server uses it. */
export type NextHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * How a request reaches Next.js: stamped (lib/http/front-door-stamps.ts), and its response's end
 * held until every cache tag revalidated meanwhile is recorded for the other instances: Next
 * hands a route's revalidations to the cache handler before it sends the response, but does not
 * wait for them (lib/catalog/revalidate.ts). An error Next throws is answered as `next start`
 * answers it.
 */
export function handToNext(handle: NextHandler, tags: SharedTags): RenderDispatch {
  return (request, response, renderNonce) => {
    if (!stampRequest(request, renderNonce)) {
      // The client is gone: there is no one to answer, and no address to count it against.
      response.destroy();
      return;
    }
    holdEndUntilRecorded(response, tags);
    handle(request, response).catch((error: unknown) => {
      console.error(`Failed to handle request for ${request.url}`, error);
      if (!response.headersSent) response.statusCode = 500;
      response.end('Internal Server Error');
    });
  };
}

type FrontDoorParts = {
  toNext: RenderDispatch;
  tags: SharedTags;
  documentCache: DocumentCache | null;
  /** The build's and `public/`'s files (static-files.ts): whether it answered. */
  staticFiles?: ((request: IncomingMessage, response: ServerResponse) => boolean) | null;
};

const LISTING_PATHS = new Set(['/watches', '/crypto-editions']);

/**
 * A listing asked for by the collector's filters' form without scripts names every field, the
 * empty ones too (lib/catalog/facets.ts tidiedQuery): the address a link to the same view has, to
 * send the browser to, or null.
 */
export function tidyListingAddress(method: string | undefined, target: string | undefined): string | null {
  if ((method !== 'GET' && method !== 'HEAD') || !target?.startsWith('/') || target.startsWith('//')) return null;
  const url = URL.parse(target, 'http://front-door.invalid');
  if (!url || !LISTING_PATHS.has(url.pathname)) return null;
  const tidy = tidiedQuery(url.searchParams);
  return tidy && (tidy.size > 0 ? `${url.pathname}?${tidy}` : url.pathname);
}

/**
 * Every request the server receives. A static file is sent as the build left it. A listing's
 * untidy address is sent to its tidy one. The shared cache tags are read first when the last read
 * is a second old, so that whatever answers, the document cache or Next's cached reads, knows of every
 * write made through any instance until a second ago; then the document cache answers the
 * storefront's pages it keeps, and Next.js everything else.
 */
export function frontDoor({ toNext, tags, documentCache, staticFiles = null }: FrontDoorParts) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (staticFiles?.(request, response)) return;
    const tidy = tidyListingAddress(request.method, request.url);
    if (tidy) {
      // Relative: it stays on the host the browser asked for, whatever the server calls itself.
      response.writeHead(308, { location: tidy, 'cache-control': 'no-store' }).end();
      return;
    }
    await tags.refresh();
    if (documentCache && (await documentCache.answer(request, response))) return;
    toNext(request, response, undefined);
  };
}

function holdEndUntilRecorded(response: ServerResponse, tags: SharedTags) {
  const end = response.end;
  response.end = function (this: ServerResponse, ...args: unknown[]) {
    const recorded = tags.recorded();
    if (!recorded) return Reflect.apply(end, this, args) as ServerResponse;
    void recorded.then(() => Reflect.apply(end, this, args));
    return this;
  } as ServerResponse['end'];
}
