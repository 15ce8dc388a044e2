import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';

/**
 * The build's static files (`/_next/static/…`) and `public/`, answered by ORX's server before
 * Next.js sees the request, with `sirv`, the static server SvelteKit's Node adapter uses.
 *
 * Why not leave them to Next: Next runs the proxy for each of them and compresses every response
 * anew, so a shopper's first visit cost the server more CPU for its scripts than for its page,
 * which comes from the document cache (docs/performance.md, "Static files"). Here the build's files
 * are sent as `npm run build` compressed them once (scripts/precompress-static.mjs), and every file
 * from a list read at start, with the security headers every response carries.
 *
 * A file it does not know (an old build's chunk, a photo uploaded since the start: they are served
 * from elsewhere) goes to Next.js, as does anything but GET and HEAD.
 */

/** The prefix Next.js serves `.next/static` under. */
const BUILD_PREFIX = '/_next/static/';

/** Written by scripts/precompress-static.mjs once every file that gains by it has its `.br` and `.gz`. */
export const PRECOMPRESSED_MARK = '.precompressed';

type Answer = (request: IncomingMessage, response: ServerResponse) => boolean;

export type StaticFilesOptions = {
  /** The folder holding `.next` and `public`. */
  root: string;
  /** The headers of every response (lib/http/request-security.ts), made for each one. */
  securityHeaders: () => Record<string, string>;
  log?: Pick<Console, 'warn'>;
};

/**
 * Whether the request was for a static file, and then answered; null when the build was not
 * compressed by `npm run build` (a bare `next build`): its files are left to Next, which
 * compresses them as it sends them, rather than sent uncompressed.
 */
export function createStaticFiles({ root, securityHeaders, log = console }: StaticFilesOptions): Answer | null {
  const buildFiles = path.join(root, '.next', 'static');
  if (!fs.existsSync(path.join(buildFiles, PRECOMPRESSED_MARK))) {
    log.warn('The build\'s static files were not compressed by `npm run build`: Next.js serves them.');
    return null;
  }
  const withHeaders = (response: ServerResponse) => {
    for (const [name, value] of Object.entries(securityHeaders())) response.setHeader(name, value);
  };
  // Hashed names: a file never changes under its name, so browsers keep it for a year, as Next does.
  const build = sirv(buildFiles, { brotli: true, gzip: true, maxAge: 31_536_000, immutable: true, setHeaders: withHeaders });
  // Names that stay when their content changes: asked again each time, answered 304 while unchanged,
  // as Next answers them.
  const publicFiles = sirv(path.join(root, 'public'), { etag: true, maxAge: 0, extensions: [], setHeaders: withHeaders });

  return (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const target = request.url ?? '';
    const inBuild = target.startsWith(BUILD_PREFIX);
    let found = true;
    const notFound = () => {
      found = false;
    };
    // A range is a client's option to ask and the server's to ignore (RFC 9110, 14.2): these files
    // are small, and sirv reads some malformed ranges into a failed read.
    const { range } = request.headers;
    delete request.headers.range;
    if (inBuild) {
      request.url = target.slice(BUILD_PREFIX.length - 1);
      build(request, response, notFound);
      request.url = target;
    } else {
      publicFiles(request, response, notFound);
    }
    if (!found && range !== undefined) request.headers.range = range;
    return found;
  };
}
