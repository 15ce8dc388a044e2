import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Listing pages read the catalogue at request time through tagged caches ('use cache').
  cacheComponents: true,
  partialPrefetching: true,
  // PGlite loads its WebAssembly and data files from its own package at run time: bundling it
  // breaks those URLs, so the server requires it from node_modules instead.
  serverExternalPackages: ['@electric-sql/pglite'],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
