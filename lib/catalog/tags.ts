/**
 * The one cache tag of every catalogue read, and of every storefront rendering kept by the
 * document cache. No imports: the proxy's bundle reads it too.
 */
export const CATALOG_TAG = 'watches';
