import { z } from '@/lib/zod';
import { BRAND_QUERY_MAX } from './brand-query';
import { facetsFromParams, NO_FACETS } from './facets';
import { LISTING_SORTS, LISTINGS, MAX_SEED, UNSEEDED_ORDERS, type Listing, type ListingRequest } from './pages';
import type { ListingView } from './listing-url';

/**
 * A listing's address read into what it asks the store for (SPEC §2, issue 34): `?q=`, `?brand=`,
 * `?sort=`, `?seed=` and `?page=`, and the collector's filters (facets.ts, issue 50). A page reads it leniently (listingViewFromParams: anything it
 * cannot use falls back to its default, a page never fails on its address); the JSON endpoint
 * strictly (listingRequestFromParams: 400 with the reason).
 */

/** The longest search kept: longer text is no search a person types, and costs the database. */
export const MAX_QUERY_LENGTH = 100;
/** The last page an address may ask for: 240,000 watches, far beyond any catalogue. */
export const MAX_PAGE = 10_000;

type Params = Pick<URLSearchParams, 'get' | 'getAll'>;

const query = z.string().trim().max(MAX_QUERY_LENGTH, `The q query parameter must be at most ${MAX_QUERY_LENGTH} characters.`);
const brand = z
  .string()
  .trim()
  .max(BRAND_QUERY_MAX, `The brand query parameter must be at most ${BRAND_QUERY_MAX} characters.`)
  .transform((value) => value || null);
const wholeNumber = (name: string, max: number) =>
  z.coerce
    .number({ error: `The ${name} query parameter must be a whole number.` })
    .int(`The ${name} query parameter must be a whole number.`)
    .min(1, `The ${name} query parameter must be at least 1.`)
    .max(max, `The ${name} query parameter must be at most ${max}.`);

const requestSchema = z.object({
  listing: z.enum(LISTINGS, { error: `The listing query parameter must be one of ${LISTINGS.join(', ')}.` }).default('all'),
  q: query.default(''),
  brand: brand.default(null),
  sort: z.enum(LISTING_SORTS, { error: `The sort query parameter must be one of ${LISTING_SORTS.join(', ')}.` }).default('shuffle'),
  seed: wholeNumber('seed', MAX_SEED).default(1),
  page: wholeNumber('page', MAX_PAGE).default(1),
});

/** Absent and empty parameters alike are left to their defaults. */
function present(params: Params, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));
}

export type ParsedListingRequest = { ok: true; request: ListingRequest } | { ok: false; message: string };

/** GET /api/watches?listing=&q=&brand=&sort=&seed=&page= and the facets: the page asked for, or why it cannot be. */
export function listingRequestFromParams(params: Params): ParsedListingRequest {
  const parsed = requestSchema.safeParse(present(params, ['listing', 'q', 'brand', 'sort', 'seed', 'page']));
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid listing request.' };
  const facets = facetsFromParams(params, { strict: true });
  if (!facets.ok) return facets;
  const { listing, q, brand, sort, seed, page } = parsed.data;
  return { ok: true, request: { listing, query: q, brand, facets: facets.facets, sort, seed, page } };
}

const lenient = z.object({
  // A search too long is cut rather than dropped: what was typed still narrows the listing.
  q: z.string().trim().transform((value) => value.slice(0, MAX_QUERY_LENGTH).trim()).catch(''),
  brand: brand.catch(null),
  sort: z.enum(LISTING_SORTS).catch('shuffle'),
  seed: wholeNumber('seed', MAX_SEED).nullable().catch(null),
  page: wholeNumber('page', MAX_PAGE).catch(1),
});

/** The view a listing page's address asks for; each value it cannot use is its default. */
export function listingViewFromParams(listing: Listing, params: Params): ListingView {
  const { q, brand, sort, seed, page } = lenient.parse({
    q: params.get('q') ?? '',
    brand: params.get('brand') ?? '',
    sort: params.get('sort') ?? 'shuffle',
    seed: params.get('seed') || null,
    page: params.get('page') ?? 1,
  });
  const facets = facetsFromParams(params);
  return { listing, query: q, brand, facets: facets.ok ? facets.facets : NO_FACETS, sort, seed, page };
}

/** A page's query, as Next.js gives it to the page. */
export type PageQuery = Record<string, string | string[] | undefined>;

/** The page's query as the browser sent it: a repeated parameter (a facet's choices) keeps every value. */
export function queryOf(params: PageQuery): URLSearchParams {
  const result = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const each of Array.isArray(value) ? value : value === undefined ? [] : [value]) result.append(name, each);
  }
  return result;
}

/** The view's request: without a seed, one of the UNSEEDED_ORDERS, picked by `random`. */
export function withSeed(view: ListingView, random: () => number = Math.random): ListingRequest {
  return { ...view, seed: view.seed ?? 1 + Math.floor(random() * UNSEEDED_ORDERS) };
}
