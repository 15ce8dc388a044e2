import 'server-only';
import { unwrap, type SupabaseClients } from '@/lib/db/supabase';
import { cataloguePageArgs, listingFacetsArgs, listingPageArgs, toFacetCounts, toSitemapWatch, toWatchPage } from './page-queries';
import { PRICE_HISTORY_LENGTH, toPriceHistory } from './price-history';
import { parseWatchInput, toWatch, watchIdSchema } from './schema';
import { unmatchedUpdate, type CatalogStore } from './store';
import type { Watch } from './types';

/** The catalogue on Supabase, through its REST interface and the migration's SQL functions. */
export function createSupabaseCatalogStore({ reader, writer }: SupabaseClients): CatalogStore {
  const read = async (fn: string, args: Record<string, unknown>): Promise<unknown> =>
    unwrap(await reader.rpc(fn, args, { get: true }).retry(false), `load ${fn}`);
  const list = async (fn: string, args?: Record<string, unknown>): Promise<Watch[]> =>
    ((await read(fn, args ?? {})) as unknown[]).map(toWatch);

  const one = (row: unknown): Watch | null => (row ? toWatch(row) : null);

  const isId = (id: string) => watchIdSchema.safeParse(id).success;

  const get = async (id: string) =>
    isId(id) ? one(unwrap(await reader.from('watches').select('*').eq('id', id).maybeSingle().retry(false), 'load the watch')) : null;

  return {
    listFeatured: () => list('featured_watches'),
    listAll: () => list('catalogue_watches'),
    listingPage: async (request) => toWatchPage(await read('listing_page', listingPageArgs(request))),
    listingFacets: async (listing) => toFacetCounts(await read('listing_facets', listingFacetsArgs(listing))),
    listingBrands: async (listing) => (await read('listing_brands', { p_listing: listing })) as string[],
    availableBrandCount: async (brand) => Number(await read('available_brand_count', { p_brand: brand })),
    cataloguePage: async (query, page) => toWatchPage(await read('catalogue_page', cataloguePageArgs(query, page))),
    specialEditionSample: (exclude, limit) => list('special_edition_sample', { p_exclude: exclude, p_limit: limit }),
    newestWatches: (limit) => list('newest_watches', { p_limit: limit }),
    watchCount: async () => Number(await read('watch_count', {})),
    sitemapWatches: async (offset, limit) =>
      ((await read('sitemap_watches', { p_offset: offset, p_limit: limit })) as unknown[]).map(toSitemapWatch),

    exportBatch: async (afterId, limit) =>
      (unwrap(await writer.rpc('catalogue_export', { p_after: afterId, p_limit: limit }), 'export the catalogue') as unknown[]).map(toWatch),

    get,

    priceHistory: async (id) => (isId(id) ? toPriceHistory(await read('watch_price_history', { p_watch_id: id, p_limit: PRICE_HISTORY_LENGTH })) : []),

    create: async (input) => {
      const row = parseWatchInput(input);
      const created = one(unwrap(await writer.from('watches').insert(row).select().single(), 'add the watch'));
      if (!created) throw new Error('The watch was not saved');
      return created;
    },

    update: async (id, input, expectedStock) => {
      const row = parseWatchInput(input);
      if (!isId(id)) return null;
      const updated = one(
        unwrap(
          await writer.from('watches').update(row).eq('id', id).eq('stock', expectedStock).select().maybeSingle(),
          'update the watch',
        ),
      );
      return updated ?? unmatchedUpdate(await get(id));
    },

    toggleFeatured: async (id) => {
      if (!isId(id)) return null;
      const rows = unwrap(await writer.rpc('toggle_watch_featured', { p_id: id }), 'toggle featured') as unknown[];
      return one(rows[0]);
    },

    setAvailable: async (id, available) => {
      if (!isId(id)) return null;
      const rows = unwrap(await writer.rpc('set_watch_available', { p_id: id, p_available: available }), 'set availability') as unknown[];
      return one(rows[0]);
    },

    remove: async (id) => {
      if (!isId(id)) return false;
      const deleted = unwrap(await writer.from('watches').delete().eq('id', id).select('id'), 'delete the watch');
      return (deleted ?? []).length > 0;
    },
  };
}
