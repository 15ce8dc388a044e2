import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SharedTags } from '@/lib/cache-tags/shared-tags';
import type { DocumentCache } from '@/lib/document-cache/serve';
import type { RenderDispatch } from '@/lib/document-cache/render';
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

/**
 * Every request the server receives. The shared cache tags are read first when the last read is a
 * second old, so that whatever answers, the document cache or Next's cached reads, knows of every
 * write made through any instance until a second ago; then the document cache answers the
 * storefront's pages it keeps, and Next.js everything else.
 */
export function frontDoor({ toNext, tags, documentCache }: { toNext: RenderDispatch; tags: SharedTags; documentCache: DocumentCache | null }) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
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
