import { ADMIN_PAGE_SIZE, type WatchPage } from '@/lib/catalog/pages';
import type { StockCounts } from '@/lib/orders/types';
import { isStorableLine } from '@/lib/validation/storable';
import { z } from '@/lib/zod';

/**
 * The admin grid's address (issue 34): /admin?q=…&page=…, and /api/admin/watches with the same
 * query. One page of the catalogue at a time, searched on the server, so the panel weighs the same
 * at 40 watches and at 10,000.
 */

export type WatchListQuery = { q: string; page: number };

/** One page of the grid, with what its title and page links need. */
export type AdminWatchPage = WatchPage & {
  /** The page shown, from 1. */
  page: number;
  /** How many pages the search has (at least 1, an empty one). */
  pageCount: number;
  /** Pieces held and sold per watch id, for the watches of this page. */
  counts: StockCounts;
};

/** Past any real catalogue, yet small enough that the page's first row fits Postgres's integer. */
export const MAX_ADMIN_PAGE = 100_000;
export const MAX_SEARCH_LENGTH = 200;

const blankAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const watchListQuerySchema = z.object({
  q: z
    .string({ error: 'The search must be text' })
    .trim()
    .max(MAX_SEARCH_LENGTH, `The search must be at most ${MAX_SEARCH_LENGTH} characters`)
    .refine(isStorableLine, 'The search cannot contain control characters')
    .default(''),
  page: z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ error: `page must be a whole number from 1 to ${MAX_ADMIN_PAGE}` })
      .int(`page must be a whole number from 1 to ${MAX_ADMIN_PAGE}`)
      .min(1, `page must be a whole number from 1 to ${MAX_ADMIN_PAGE}`)
      .max(MAX_ADMIN_PAGE, `page must be a whole number from 1 to ${MAX_ADMIN_PAGE}`)
      .default(1),
  ),
});

/** The pages `total` watches fill; an empty search still has its one (empty) page. */
export const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));

/** `?q=…&page=…` without the defaults: '' for the first page of everything. */
export function watchListSearch({ q, page }: WatchListQuery): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}
