import { timingSafeEqual } from 'node:crypto';
import { sharedTags } from '@/lib/cache-tags/shared';
import { CATALOG_TAG } from '@/lib/catalog/tags';
import { NextResponse } from 'next/server';
import { createNonce } from '@/lib/http/security-headers';
import { renderDocument, RENDER_REQUEST_HEADER, type CachedDocument } from './render';
import { acceptsGzip, gzipWithNonce } from './gzip-document';
import { handOver, HANDOFF_HEADER, HANDOFF_PATH } from './handoff';
import { documentRequest } from './requests';
import { DocumentStore, type Currency, type Outcome } from './store';

/**
 * The document cache: the storefront's pages served from renderings kept in memory, each response
 * with its own CSP nonce (docs/performance.md says why and what it bought).
 *
 * Why not Next.js's own full-route cache: a page Next.js serves from its cache (or a prerendered
 * shell) carries the nonce of no request, and the policy refuses its scripts (docs/csp.md). Here
 * the page is rendered with a placeholder nonce, a secret of this process, and each response puts
 * a fresh nonce where the placeholder stood. The placeholder never leaves the server: every
 * occurrence is replaced, and text a visitor could have put into a page cannot hold it unless it
 * knew it.
 *
 * The proxy (proxy.ts) answers from it; a miss asks this same server for the page, with a header
 * only this process knows, so that the proxy lets that request through to Next.js.
 */

/** How long a rendering is served as is: the server-side USD rate is refreshed as often (SPEC §6). */
const FRESH_MS = 30_000;
/** Until then it is served while a new one is made. */
const STALE_MS = 60_000;
/** Larger than every page's renderings several times over (a listing's is the largest; docs/performance.md). */
const MAX_BYTES = 64 * 1024 * 1024;

/** What every kept page is made from: a revalidation of these makes its renderings gone. */
const DOCUMENT_TAGS = [CATALOG_TAG];

/**
 * A rendering is as current as the shared tags were when it began: it reads the catalogue through
 * cached entries that a revalidation not yet read here would not have reached. So a write through
 * another instance makes it gone as soon as this one reads the tags, as it does the entries.
 */
const sharedTagsCurrency: Currency = {
  stamp: () => sharedTags().stamp(),
  verdict: (stamp) => sharedTags().verdictOfStamp(DOCUMENT_TAGS, stamp),
  epoch: () => sharedTags().epoch(),
};

type DocumentCache = {
  store: DocumentStore<CachedDocument>;
  secret: string;
  placeholderNonce: string;
};

// The proxy and the route handlers are bundled apart, each with its own copy of this module: the
// cache lives on the process, so that every bundle serves and renders into the same one.
const PROCESS_KEY = Symbol.for('orx.document-cache');

function documentCache(): DocumentCache {
  const processGlobal = globalThis as { [PROCESS_KEY]?: DocumentCache };
  processGlobal[PROCESS_KEY] ??= {
    store: new DocumentStore<CachedDocument>({ freshMs: FRESH_MS, staleMs: STALE_MS, maxBytes: MAX_BYTES }, Date.now, sharedTagsCurrency),
    secret: createNonce(),
    placeholderNonce: createNonce(),
  };
  return processGlobal[PROCESS_KEY];
}

/**
 * Where this server listens, as ORX's server (server.mjs) and `next start` record it; unknown
 * elsewhere (another host's runtime), and then nothing is cached. Nor under `next dev`: a reload must show the code just
 * edited, not a rendering kept from before.
 */
function ownOrigin(): string | undefined {
  return process.env.NODE_ENV === 'development' ? undefined : process.env.__NEXT_PRIVATE_ORIGIN;
}

/**
 * The nonce to render this request with: the placeholder for the cache's own rendering requests,
 * else null (the request gets a fresh one).
 */
export function renderingNonce(headers: Headers): string | null {
  const claimed = headers.get(RENDER_REQUEST_HEADER);
  if (claimed === null) return null;
  const { secret, placeholderNonce } = documentCache();
  const [given, expected] = [Buffer.from(claimed), Buffer.from(secret)];
  const matches = given.length === expected.length && timingSafeEqual(given, expected);
  return matches ? placeholderNonce : null;
}

/**
 * The cached answer to a storefront document request, with `nonce` in its scripts; null when the
 * request is not one the cache answers, or its rendering failed: Next.js then renders it as usual.
 * The proxy has read the shared cache tags first, so a write through another instance makes its
 * renderings gone here within a second.
 */
export async function cachedDocumentResponse(
  method: string,
  url: Pick<URL, 'pathname' | 'searchParams'>,
  headers: Headers,
  nonce: string,
): Promise<Response | null> {
  const origin = ownOrigin();
  if (origin === undefined || headers.has(RENDER_REQUEST_HEADER)) return null;
  const wanted = documentRequest(method, url, headers);
  if (!wanted) return null;
  const cache = documentCache();
  // The renderings of one target differ only in their shuffle: any may stand in for another.
  const found = await cache.store.obtain(
    wanted.key,
    () => renderDocument(wanted.target, { origin, secret: cache.secret, placeholderNonce: cache.placeholderNonce }),
    wanted.group,
  );
  return found && documentResponse(found.document, found.outcome, nonce, { origin, headers });
}

/**
 * A request that accepts gzip gets a body assembled from the parts compressed once when kept
 * (gzip-document.ts): compressing the whole document again per response was most of what serving
 * a listing cost. Next.js would compress a proxy's answer again, so the request is rewritten to
 * the route that writes it (handoff.ts).
 */
function documentResponse(document: CachedDocument, outcome: Outcome, nonce: string, request: { origin: string; headers: Headers }): Response {
  const headers: [string, string][] = document.headers.map(([name, parts]) => [name, parts.join(nonce)]);
  headers.push(['x-document-cache', outcome]);
  if (!acceptsGzip(request.headers.get('accept-encoding'))) {
    return new Response(withNonce(document.body, Buffer.from(nonce)), { status: 200, headers });
  }
  const ticket = handOver({ headers: [...headers, ['content-encoding', 'gzip']], body: gzipWithNonce(document.gzip, Buffer.from(nonce)) });
  const rewritten = new Headers(request.headers);
  rewritten.set(HANDOFF_HEADER, ticket);
  // The origin Next.js listens on, not the request's: a rewrite to any other origin (the shop's
  // domain, or `localhost` for 127.0.0.1) is proxied over HTTP instead of routed in the process.
  return NextResponse.rewrite(new URL(HANDOFF_PATH, request.origin), { request: { headers: rewritten } });
}

/**
 * The body's kept parts with the nonce between them, in one buffer: joining them into a string
 * made a few hundred kilobytes of heap garbage per page served, and streaming the parts one by one
 * halved the throughput of the compression that follows.
 */
function withNonce(parts: Uint8Array[], nonce: Uint8Array): Buffer<ArrayBuffer> {
  return Buffer.concat(parts.flatMap((part, index) => (index > 0 ? [nonce, part] : [part])));
}
