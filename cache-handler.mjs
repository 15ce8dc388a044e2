import { createRequire } from 'node:module';

/**
 * The `'use cache'` handler next.config.ts names. Next loads this file by path, outside its
 * bundles, so it only hands each call to the handler the server installed at start
 * (lib/cache-tags/shared.ts, from instrumentation.ts). Until then, and in `next build`, which
 * opens no database, Next's own in-memory handler answers.
 */
const HANDLER_KEY = Symbol.for('orx.cache-handler');
let fallback;

function handler() {
  const installed = globalThis[HANDLER_KEY];
  if (installed) return installed;
  fallback ??= createRequire(import.meta.url)('next/dist/server/lib/cache-handlers/default.js').createDefaultCacheHandler(50 * 1024 * 1024);
  return fallback;
}

const forwardingHandler = {
  get: (cacheKey, softTags) => handler().get(cacheKey, softTags),
  set: (cacheKey, pendingEntry) => handler().set(cacheKey, pendingEntry),
  refreshTags: () => handler().refreshTags(),
  getExpiration: (tags) => handler().getExpiration(tags),
  updateTags: (tags, durations) => handler().updateTags(tags, durations),
};

export default forwardingHandler;
