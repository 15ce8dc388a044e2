import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SharedTags } from '@/lib/cache-tags/shared-tags';
import { CATALOG_TAG } from '@/lib/catalog/tags';
import { createNonce } from '@/lib/http/security-headers';
import { acceptsGzip, gzipWithNonce } from './gzip-document';
import { renderDocument, type CachedDocument, type RenderDispatch } from './render';
import { documentRequest } from './requests';
import { DocumentStore, type Outcome } from './store';

/**
 * The document cache: the storefront's pages served from renderings kept in memory, each response
 * with its own CSP nonce (docs/performance.md says why and what it bought). ORX's server asks it
 * first for every request (lib/front-door/front-door.ts).
 *
 * Why not Next.js's own full-route cache: a page Next.js serves from its cache (or a prerendered
 * shell) carries the nonce of no request, and the policy refuses its scripts (docs/csp.md). Here
 * the page is rendered in this process with a nonce of its own (render.ts), and each response puts
 * a fresh nonce where that one stood. It never leaves the server: every occurrence is replaced,
 * and text a visitor could have put into a page cannot hold it unless it knew it.
 */

/** How long a rendering is served as is: the server-side USD rate is refreshed as often (SPEC §6). */
const FRESH_MS = 30_000;
/** Until then it is served while a new one is made. */
const STALE_MS = 60_000;
/** Larger than every page's renderings several times over (a listing's is the largest; docs/performance.md). */
const MAX_BYTES = 64 * 1024 * 1024;

/** What every kept page is made from: a revalidation of these makes its renderings gone. */
const DOCUMENT_TAGS = [CATALOG_TAG];

export type DocumentCache = {
  /**
   * Answers `request` from the kept renderings, with a fresh nonce, when it is a storefront
   * document they answer: true then. False when it is not, or its rendering failed: Next.js then
   * renders it as usual.
   */
  answer(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
};

export type DocumentCacheOptions = {
  /**
   * What the renderings are judged by. A rendering is as current as the shared tags were when it
   * began: it reads the catalogue through cached entries that a revalidation not yet read here
   * would not have reached. So a write through another instance makes it gone as soon as this one
   * reads the tags, as it does the entries.
   */
  tags: SharedTags;
  /** How a rendering reaches Next.js. */
  dispatch: RenderDispatch;
  /** The Host the renderings are asked for under: the server's own address. */
  host: () => string;
  /** The security headers of a response with `nonce` (lib/http/request-security.ts). */
  securityHeaders: (nonce: string) => Record<string, string>;
};

export function createDocumentCache({ tags, dispatch, host, securityHeaders }: DocumentCacheOptions): DocumentCache {
  const store = new DocumentStore<CachedDocument>({ freshMs: FRESH_MS, staleMs: STALE_MS, maxBytes: MAX_BYTES }, Date.now, {
    stamp: () => tags.stamp(),
    verdict: (stamp) => tags.verdictOfStamp(DOCUMENT_TAGS, stamp),
    epoch: () => tags.epoch(),
  });
  return {
    async answer(request, response) {
      // A target that is no URL (`//[`, which Node's parser lets through) is no page of ours: Next answers it.
      const url = URL.parse(request.url ?? '/', 'http://orx.invalid');
      const wanted = url && documentRequest(request.method ?? 'GET', url, { has: (name) => request.headers[name] !== undefined });
      if (!wanted) return false;
      // The renderings of one target differ only in their shuffle: any may stand in for another.
      const found = await store.obtain(wanted.key, () => renderDocument(dispatch, wanted.target, host()), wanted.group);
      if (!found) return false;
      writeDocument(response, found.document, found.outcome, request.headers['accept-encoding'], securityHeaders);
      return true;
    },
  };
}

/**
 * A response that accepts gzip gets a body assembled from the parts compressed once when kept
 * (gzip-document.ts): compressing the whole document again per response was most of what serving
 * a listing cost.
 */
function writeDocument(
  response: ServerResponse,
  document: CachedDocument,
  outcome: Outcome,
  acceptEncoding: string | undefined,
  securityHeaders: (nonce: string) => Record<string, string>,
) {
  const nonce = createNonce();
  const nonceBytes = Buffer.from(nonce);
  const headers: Record<string, string> = { ...securityHeaders(nonce) };
  for (const [name, parts] of document.headers) headers[name] = parts.join(nonce);
  if (!/\baccept-encoding\b/i.test(headers.vary ?? '')) headers.vary = [headers.vary, 'Accept-Encoding'].filter(Boolean).join(', ');
  headers['x-document-cache'] = outcome;
  const gzip = acceptsGzip(acceptEncoding ?? null);
  const body = gzip ? gzipWithNonce(document.gzip, nonceBytes) : withNonce(document.body, nonceBytes);
  if (gzip) headers['content-encoding'] = 'gzip';
  headers['content-length'] = String(body.byteLength);
  response.writeHead(200, headers);
  response.end(body);
}

/**
 * The body's kept parts with the nonce between them, in one buffer: joining them into a string
 * made a few hundred kilobytes of heap garbage per page served, and streaming the parts one by one
 * halved the throughput of the compression that follows.
 */
function withNonce(parts: Uint8Array[], nonce: Uint8Array): Buffer<ArrayBuffer> {
  return Buffer.concat(parts.flatMap((part, index) => (index > 0 ? [nonce, part] : [part])));
}
