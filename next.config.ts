import path from 'node:path';
import type { NextConfig } from 'next';
import { PHASE_DEVELOPMENT_SERVER } from 'next/constants';
import { HEAD_METADATA_MARK } from './lib/seo/head-metadata';
import { MAX_PHOTO_BYTES } from './lib/uploads/photo-rules';

const nextConfig: NextConfig = {
  // Listing pages read the catalogue at request time through tagged caches ('use cache').
  cacheComponents: true,
  // Their entries stay in each instance's memory; the tags' revalidation times are shared through
  // the database, so a write through one instance shows on every one (lib/cache-tags/handler.ts).
  // Built with ORX's server, whose cache tags it shares (scripts/build-server.mjs). An absolute
  // path: Next would read a relative one from inside .next.
  cacheHandlers: { default: path.join(process.cwd(), 'dist', 'cache-handler.mjs') },
  // Off, said so (Next warns when it is left unset): Partial Prefetching renders every page a second
  // time (a runtime prefetch) and embeds that in the document for the client router: a second
  // rendering's server work and a second copy of the shell in every page, where the shop's
  // links prefetch on intent anyway (docs/decisions.md, "Partial Prefetching off").
  partialPrefetching: false,
  // PGlite loads its WebAssembly and data files from its own package at run time: bundling it
  // breaks those URLs, so the server requires it from node_modules instead.
  serverExternalPackages: ['@electric-sql/pglite'],
  poweredByHeader: false,
  // The proxy sees requests as they came: Next.js would otherwise take the RSC headers (and the
  // `_rsc` query) off them first, and the proxy would mark a navigation's RSC request as a document
  // load (lib/seo/head-metadata.ts), whose answer then carries no metadata.
  skipProxyUrlNormalize: true,
  // Metadata in <head> for the documents the proxy marks: every watch page's, the only page whose
  // metadata is read at request time, for browsers and crawlers alike (lib/seo/head-metadata.ts).
  htmlLimitedBots: new RegExp(HEAD_METADATA_MARK),
  reactStrictMode: true,
  // The e2e build (e2e/support/build.ts) leaves the type check to `npm run typecheck:after-build`,
  // which the test command runs beside the e2e suite with the same route types (`next typegen`):
  // checking here too would only repeat it. Every other build checks the types itself.
  typescript: { ignoreBuildErrors: process.env.ORX_TYPES_CHECKED_APART === '1' },
  // The sitemap is an index of files now (issue 34, lib/seo/sitemap.ts); Next keeps /sitemap.xml
  // for app/sitemap.ts, whose files it serves at /sitemap/<id>.xml. Its old address, as search
  // consoles may know it, leads to the index.
  redirects: async () => [{ source: '/sitemap.xml', destination: '/sitemap_index.xml', permanent: true }],
  experimental: {
    // Leaves out the exports of Next.js's own client modules (CommonJS) that no page uses, from
    // every page's first-load JavaScript (issue 25). Its scope-hoisting and constant-inlining
    // siblings added weight instead, and module fragments failed the build (docs/performance.md).
    turbopackCjsTreeShaking: true,
    // The proxy keeps a copy of each admin API request's body, cut at this size (10 MB by
    // default). One byte past the photo limit lets the upload route still see that a larger photo
    // is too large, instead of receiving a cut, broken one.
    proxyClientMaxBodySize: MAX_PHOTO_BYTES + 1,
  },
};

/**
 * Source maps are made where someone reads them: under `npm run dev`, whose stack traces and error
 * overlay map to the source. A production server never read its 75 MB of them (Node applies maps
 * only under `--enable-source-maps`), and making them, then loading them to prerender, lengthened
 * every build (docs/performance.md, "Figures behind choices in the code").
 */
export default function config(phase: string): NextConfig {
  return { ...nextConfig, experimental: { ...nextConfig.experimental, turbopackSourceMaps: phase === PHASE_DEVELOPMENT_SERVER } };
}
