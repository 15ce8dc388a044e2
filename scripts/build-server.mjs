/**
 * Builds ORX's server (lib/front-door/main.ts) and the `'use cache'` handler Next imports by path
 * (lib/cache-tags/next-cache-handler.ts) into dist/, for Node to run as they are: Next compiles
 * only what it serves, and a custom server is not among it. One build with both as entry points,
 * so that the code they share (the process's cache tags) is one module in one chunk: one state.
 * The packages stay in node_modules, as Next's own server loads them. Every command that loads
 * next.config.ts (`next build`, `next typegen`, `next dev`) needs the handler's file: `npm run
 * build`, `npm run typecheck` and `npm run dev` run this first.
 */
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// Chunk names change with their contents: no chunk of an earlier build stays behind.
rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: { server: 'lib/front-door/main.ts', 'cache-handler': 'lib/cache-tags/next-cache-handler.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // `server-only` keeps server code out of browser bundles; this build is the server.
  alias: { 'server-only': './node_modules/server-only/empty.js' },
  logLevel: 'warning',
});
