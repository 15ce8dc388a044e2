import 'server-only';
import { HttpError } from '@/lib/http/errors';
import type { Stores } from '@/lib/shop/stores';
import { pageCountOf, watchListQuerySchema, type AdminWatchPage, type WatchListQuery } from './watch-list-query';

/** The admin grid's reads (issue 34): the logic behind /admin and GET /api/admin/watches. */

/** The API's query: 400 with the first problem's message when it is not one. */
export function parseWatchListQuery(params: URLSearchParams): WatchListQuery {
  const result = watchListQuerySchema.safeParse(Object.fromEntries(params));
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

/**
 * The page's query, read leniently: an address typed by hand with a bad value shows the first
 * page of everything rather than an error page.
 */
export function watchListQueryOf(params: Record<string, string | string[] | undefined>): WatchListQuery {
  const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const q = watchListQuerySchema.shape.q.safeParse(single(params.q));
  const page = watchListQuerySchema.shape.page.safeParse(single(params.page));
  return { q: q.success ? q.data : '', page: page.success ? page.data : 1 };
}

/**
 * One page of the grid and the stock counts of its watches alone. A page past the last (the last
 * watch of the last page was just deleted, or an old link) shows the last page instead.
 */
export async function adminWatchPage(
  { catalog, orders }: Pick<Stores, 'catalog' | 'orders'>,
  query: WatchListQuery,
): Promise<AdminWatchPage> {
  let page = query.page;
  let found = await catalog.cataloguePage(query.q, page);
  if (found.watches.length === 0 && page > pageCountOf(found.total)) {
    page = pageCountOf(found.total);
    found = await catalog.cataloguePage(query.q, page);
  }
  const counts = await orders.stockCounts(found.watches.map((watch) => watch.id));
  return { ...found, page, pageCount: pageCountOf(found.total), counts };
}
