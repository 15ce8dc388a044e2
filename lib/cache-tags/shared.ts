import 'server-only';
import { createSharedTagsCacheHandler } from './handler';
import { SharedTags } from './shared-tags';
import { cacheTagStore } from './server-store';

/**
 * The process's one SharedTags and one cache handler. On the process, not in a module variable:
 * the proxy, the route handlers, the pages and instrumentation are bundled apart, each with its own
 * copy of this module, and they must all judge by the same state.
 */
const TAGS_KEY = Symbol.for('orx.shared-cache-tags');
/** Where cache-handler.mjs, the file next.config.ts names, finds the handler. */
const HANDLER_KEY = Symbol.for('orx.cache-handler');

type ProcessGlobal = { [TAGS_KEY]?: SharedTags; [HANDLER_KEY]?: ReturnType<typeof createSharedTagsCacheHandler> };

export function sharedTags(): SharedTags {
  const processGlobal = globalThis as ProcessGlobal;
  return (processGlobal[TAGS_KEY] ??= new SharedTags({ store: () => cacheTagStore() }));
}

/** Called once at server start (instrumentation.ts), before any request reads the cache. */
export function installCacheHandler(): void {
  const processGlobal = globalThis as ProcessGlobal;
  processGlobal[HANDLER_KEY] ??= createSharedTagsCacheHandler(sharedTags());
}
