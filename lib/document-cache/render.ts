import { HEAD_METADATA_MARK } from '@/lib/seo/head-metadata';
import { gzipParts, type GzipParts } from './gzip-document';
import { DO_NOT_KEEP_HTML } from './marks';
import type { Rendering } from './store';

/** The header that asks the proxy to let a request through to Next.js to render it. */
export const RENDER_REQUEST_HEADER = 'x-orx-document-render';

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

export type RenderSettings = {
  /** The server's own address, where the rendering is asked for. */
  origin: string;
  /** Proves to the proxy that the request comes from here (RENDER_REQUEST_HEADER). */
  secret: string;
  /** The nonce the rendering is made with, and cut out of it. */
  placeholderNonce: string;
};

/**
 * Has Next.js render `target` (path and query) by asking this server for it, and returns the
 * document cut at the placeholder nonce. null when the server did not answer in time, or answered
 * anything but 200 (a redirect, a missing page): such requests are rendered as usual.
 *
 * Every document is asked for with the head-metadata mark (lib/seo/head-metadata.ts), so one
 * rendering serves browsers and crawlers alike, with its metadata in <head>.
 */
export async function renderDocument(target: string, settings: RenderSettings): Promise<Rendering<CachedDocument> | null> {
  try {
    const response = await fetch(new URL(target, settings.origin), {
      headers: {
        [RENDER_REQUEST_HEADER]: settings.secret,
        'user-agent': HEAD_METADATA_MARK,
        accept: 'text/html',
        // Compressing here only to decompress it again would be wasted work.
        'accept-encoding': 'identity',
      },
      redirect: 'manual',
      cache: 'no-store',
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      return null;
    }
    const body = await response.text();
    const cut = (text: string) => text.split(settings.placeholderNonce);
    const headers = KEPT_HEADERS.flatMap((name): CachedDocument['headers'] => {
      const value = response.headers.get(name);
      // The Link header preloads the font with the nonce too.
      return value === null ? [] : [[name, cut(value)]];
    });
    const bodyParts = cut(body).map((part) => Buffer.from(part));
    const gzip = gzipParts(bodyParts, Buffer.byteLength(settings.placeholderNonce));
    const document: CachedDocument = { headers, body: bodyParts, gzip, size: gzip.length + gzip.size };
    const keep = !response.headers.has('set-cookie') && !body.includes(DO_NOT_KEEP_HTML);
    return { document, keep };
  } catch {
    return null;
  }
}
