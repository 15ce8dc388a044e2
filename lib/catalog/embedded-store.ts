import 'server-only';
import type { PGlite } from '@electric-sql/pglite';
import { cataloguePageArgs, listingFacetsArgs, listingPageArgs, toFacetCounts, toSitemapWatch, toWatchPage } from './page-queries';
import { PRICE_HISTORY_LENGTH, toPriceHistory } from './price-history';
import { parseWatchInput, toWatch, watchIdSchema } from './schema';
import { unmatchedUpdate, type CatalogStore } from './store';
import type { Watch, WatchInput } from './types';
import { WRITTEN_COLUMNS } from './written-columns';

/** The catalogue on the embedded database; the queries are the migration's SQL functions. */
export function createEmbeddedCatalogStore(database: () => Promise<PGlite>): CatalogStore {
  const rows = async (sql: string, params: unknown[] = []): Promise<Watch[]> =>
    (await (await database()).query(sql, params)).rows.map(toWatch);

  const value = async (sql: string, params: unknown[]): Promise<unknown> =>
    (await (await database()).query<{ value: unknown }>(sql, params)).rows[0]?.value;
  /** Calls a SQL function with `args` in their order. */
  const call = (fn: string, args: Record<string, unknown>) => {
    const values = Object.values(args);
    return value(`select public.${fn}(${values.map((_, index) => `$${index + 1}`).join(', ')}) as value`, values);
  };

  const first = async (sql: string, params: unknown[]): Promise<Watch | null> => (await rows(sql, params))[0] ?? null;
  const byId = (id: string) => first('select * from public.watches where id = $1', [id]);

  const isId = (id: string) => watchIdSchema.safeParse(id).success;

  /** The columns an add or edit writes, in WRITTEN_COLUMNS' order. */
  const columns = (input: WatchInput) => {
    const watch = parseWatchInput(input);
    return WRITTEN_COLUMNS.map(([column]) => (column === 'specs' ? JSON.stringify(watch.specs) : watch[column]));
  };

  return {
    listFeatured: () => rows('select * from public.featured_watches()'),
    listAll: () => rows('select * from public.catalogue_watches()'),
    listingPage: async (request) => toWatchPage(await call('listing_page', listingPageArgs(request))),
    listingFacets: async (listing) => toFacetCounts(await call('listing_facets', listingFacetsArgs(listing))),
    listingBrands: async (listing) =>
      (await (await database()).query<{ brand: string }>('select public.listing_brands($1) as brand', [listing])).rows.map(
        (row) => row.brand,
      ),
    availableBrandCount: async (brand) => Number(await call('available_brand_count', { p_brand: brand })),
    cataloguePage: async (query, page) => toWatchPage(await call('catalogue_page', cataloguePageArgs(query, page))),
    specialEditionSample: (exclude, limit) => rows('select * from public.special_edition_sample($1::uuid[], $2)', [exclude, limit]),
    newestWatches: (limit) => rows('select * from public.newest_watches($1)', [limit]),
    watchCount: async () => Number(await call('watch_count', {})),
    sitemapWatches: async (offset, limit) =>
      (await (await database()).query('select * from public.sitemap_watches($1, $2)', [offset, limit])).rows.map(toSitemapWatch),

    exportBatch: (afterId, limit) => rows('select * from public.catalogue_export($1::uuid, $2)', [afterId, limit]),

    get: async (id) => (isId(id) ? byId(id) : null),

    priceHistory: async (id) =>
      isId(id)
        ? toPriceHistory((await (await database()).query('select * from public.watch_price_history($1, $2)', [id, PRICE_HISTORY_LENGTH])).rows)
        : [],

    create: async (input) => {
      const created = await first(
        `insert into public.watches (${WRITTEN_COLUMNS.map(([column]) => column).join(', ')})
         values (${WRITTEN_COLUMNS.map(([, type], at) => `$${at + 1}::${type}`).join(', ')})
         returning *`,
        columns(input),
      );
      if (!created) throw new Error('The watch was not saved');
      return created;
    },

    update: async (id, input, expectedStock) => {
      const values = columns(input);
      if (!isId(id)) return null;
      const updated = await first(
        `update public.watches set ${WRITTEN_COLUMNS.map(([column, type], at) => `${column} = $${at + 2}::${type}`).join(', ')}
         where id = $1 and stock = $${WRITTEN_COLUMNS.length + 2}
         returning *`,
        [id, ...values, expectedStock],
      );
      return updated ?? unmatchedUpdate(await byId(id));
    },

    toggleFeatured: async (id) => (isId(id) ? first('select * from public.toggle_watch_featured($1)', [id]) : null),

    setAvailable: async (id, available) =>
      isId(id) ? first('select * from public.set_watch_available($1, $2)', [id, available]) : null,

    remove: async (id) => {
      if (!isId(id)) return false;
      const result = await (await database()).query('delete from public.watches where id = $1', [id]);
      return (result.affectedRows ?? 0) > 0;
    },
  };
}
