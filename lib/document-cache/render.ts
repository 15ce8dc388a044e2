import type { IncomingMessage, ServerResponse } from 'node:http';
import { text } from 'node:stream/consumers';
import inject from 'light-my-request';
import { createNonce } from '@/lib/http/security-headers';
import { HEAD_METADATA_MARK } from '@/lib/seo/head-metadata';
import { gzipParts, type GzipParts } from './gzip-document';
import { DO_NOT_KEEP_HTML } from './marks';
import type { Rendering } from './store';

/** A rendering slower than this is abandoned: that request is then rendered as usual. */
const RENDER_TIMEOUT_MS = 20_000;

/** Headers of the rendered answer that describe the document itself, and so are served again. */
const KEPT_HEADERS = ['content-type', 'cache-control', 'vary', 'link', 'x-robots-tag'];

/**
 * A page's 200 answer, cut at each place the rendering's nonce stood: a response puts its own
 * nonce between the parts. The body's parts are bytes, shared by every response that serves them,
 * so that serving a page allocates next to nothing (docs/performance.md: memory).
 */
export type CachedDocument = {
  headers: [name: string, parts: string[]][];
  body: Uint8Array[];
  /** The same parts compressed once, for the responses that accept gzip. */
  gzip: GzipParts;
  /** Bytes the body holds, in both forms. */
  size: number;
};

/**
 * Hands a request to Next.js, as the server does, with the nonce Next is to render it with when it
 * is one the server renders to keep (lib/http/front-door-stamps.ts).
 */
export type RenderDispatch = (request: IncomingMessage, response: ServerResponse, renderNonce?: string) => void;

/**
 * Has Next.js render `target` (path and query) in this process, its answer taken in memory (Fastify's
 * light-my-request: a request and response of node:http's shape, no socket), and returns the
 * document cut at the rendering's nonce: a fresh one, which no text on the page can hold unless it
 * was put there by Next. null when Next did not answer in time, or answered anything but 200 (a
 * redirect, a missing page): such requests are rendered as usual.
 *
 * Every document is rendered with the head-metadata mark (lib/seo/head-metadata.ts), so one
 * rendering serves browsers and crawlers alike, with its metadata in <head>; and without the
 * visitor's cookies or headers, as it is kept for everyone.
 *
 * The answer is read as a stream, and the time limit is a timer cleared once it is read. Next's
 * request context holds the response it was handed, and outlives the rendering: timers, immediates
 * and cache promises begun during it keep that context, and each other's, for seconds afterwards.
 * A response that buffered the page (light-my-request's default) kept the whole document in it, as
 * text and bytes, for as long; and a timeout signal (AbortSignal.timeout) with a listener is kept
 * until it fires. Under a crowd with catalogue writes every few seconds, those documents filled the
 * server's heap (docs/performance.md: memory).
 */
export async function renderDocument(dispatch: RenderDispatch, target: string, host: string): Promise<Rendering<CachedDocument> | null> {
  const nonce = createNonce();
  const abandon = new AbortController();
  const timer = setTimeout(() => abandon.abort(), RENDER_TIMEOUT_MS);
  try {
    const response = await inject((request, answer) => dispatch(request, answer, nonce), {
      method: 'GET',
      url: target,
      headers: { host, accept: 'text/html', 'user-agent': HEAD_METADATA_MARK, 'accept-encoding': 'identity' },
      remoteAddress: '127.0.0.1',
      signal: abandon.signal,
      payloadAsStream: true,
    });
    // Read to its end whatever the status, so that the rendering is over when this returns.
    const body = await text(response.stream());
    if (response.statusCode !== 200) return null;
    const cut = (part: string) => part.split(nonce);
    const headers = KEPT_HEADERS.flatMap((name): CachedDocument['headers'] => {
      const value = response.headers[name];
      // The Link header preloads the font with the nonce too.
      return value === undefined ? [] : [[name, cut(String(value))]];
    });
    const bodyParts = cut(body).map((part) => Buffer.from(part));
    const gzip = gzipParts(bodyParts, Buffer.byteLength(nonce));
    const document: CachedDocument = { headers, body: bodyParts, gzip, size: gzip.length + gzip.size };
    const keep = response.headers['set-cookie'] === undefined && !body.includes(DO_NOT_KEEP_HTML);
    return { document, keep };
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
