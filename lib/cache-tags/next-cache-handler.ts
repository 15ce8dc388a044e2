import { createSharedTagsCacheHandler } from './handler';
import { processTags } from './process-tags';

/**
 * The `'use cache'` handler next.config.ts names. Next imports it by its path, outside its bundles,
 * from the server's build (scripts/build-server.mjs writes it to dist/cache-handler.mjs beside
 * dist/server.mjs): it shares the process's tags with the server.
 */
export default createSharedTagsCacheHandler(processTags());
