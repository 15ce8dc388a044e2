import { z } from '@/lib/zod';
import {
  BOX_PAPERS,
  CASE_DIAMETER_MM,
  CASE_MATERIALS,
  CONDITIONS,
  MOVEMENT_TYPES,
  OLDEST_PRODUCTION_YEAR,
  REFERENCE_MAX_LENGTH,
  referenceKey,
  type BoxPapers,
  type CaseMaterial,
  type Condition,
  type MovementType,
} from './collector';

/**
 * The collector's filters of a listing (issue 50 (2)), each a query parameter, so a filtered
 * listing is a link: `?ref=126610LN&condition=unworn&papers=both&year_from=2020&price_to=80`. The
 * lists repeat their parameter (`condition=unworn&condition=excellent`), as a GET form's
 * checkboxes send them. The SQL that applies them is listing_page_queries
 * (supabase/migrations/…_listing_facets.sql), which reads them as `facetsArg` writes them.
 */

export const PRICE_CURRENCIES = ['sol', 'eur'] as const;
export type PriceCurrency = (typeof PRICE_CURRENCIES)[number];

export type Range = { from: number | null; to: number | null };

export type ListingFacets = {
  /** A reference or its beginning, compared without separators or case (referenceKey); '' for none. */
  reference: string;
  condition: Condition[];
  papers: BoxPapers[];
  material: CaseMaterial[];
  movement: MovementType[];
  year: Range;
  price: Range & { currency: PriceCurrency };
  /** The case size, in millimetres. */
  size: Range;
};

/** The facets whose choices are counted (listing_facets): each a closed list. */
export const COUNTED_FACETS = ['condition', 'papers', 'material', 'movement'] as const;
export type CountedFacet = (typeof COUNTED_FACETS)[number];
export const FACET_CHOICES = { condition: CONDITIONS, papers: BOX_PAPERS, material: CASE_MATERIALS, movement: MOVEMENT_TYPES } as const;

/** How many watches each choice would leave, the listing's other filters applied. */
export type FacetCounts = { [F in CountedFacet]: Partial<Record<(typeof FACET_CHOICES)[F][number], number>> };

export const NO_FACETS: ListingFacets = {
  reference: '',
  condition: [],
  papers: [],
  material: [],
  movement: [],
  year: { from: null, to: null },
  price: { from: null, to: null, currency: 'sol' },
  size: { from: null, to: null },
};

/** The query parameters of the facets: the document cache and the listings read exactly these. */
export const FACET_PARAMETERS = [
  'ref',
  'condition',
  'papers',
  'material',
  'movement',
  'year_from',
  'year_to',
  'price_from',
  'price_to',
  'currency',
  'size_from',
  'size_to',
] as const;

const RANGES = {
  year: { min: OLDEST_PRODUCTION_YEAR, max: 9999, whole: true },
  price: { min: 0, max: 1_000_000_000, whole: false },
  size: { min: CASE_DIAMETER_MM.min, max: CASE_DIAMETER_MM.max, whole: false },
} as const;

type Params = Pick<URLSearchParams, 'get' | 'getAll'>;

export const FACET_MESSAGES = {
  reference: `The ref query parameter must be a reference: letters and digits, with spaces, dots, slashes or dashes, at most ${REFERENCE_MAX_LENGTH} characters.`,
  choice: (name: string, choices: readonly string[]) => `The ${name} query parameter must be one of ${choices.join(', ')}.`,
  range: (name: string, min: number, max: number) => `The ${name} query parameter must be a number from ${min} to ${max}.`,
  currency: `The currency query parameter must be one of ${PRICE_CURRENCIES.join(', ')}.`,
} as const;

export type ParsedFacets = { ok: true; facets: ListingFacets } | { ok: false; message: string };

/**
 * The facets an address asks for. Strictly (GET /api/watches) the first value it cannot use is a
 * 400 with the reason; leniently (a page) it is left out, so a page never fails on its address.
 */
export function facetsFromParams(params: Params, { strict = false } = {}): ParsedFacets {
  const problems: string[] = [];
  const refuse = (message: string) => (problems.push(message), null);

  const rawReference = (params.get('ref') ?? '').trim();
  const reference =
    rawReference === '' || (rawReference.length <= REFERENCE_MAX_LENGTH && /^[A-Za-z0-9 ./-]+$/.test(rawReference) && referenceKey(rawReference) !== '')
      ? rawReference
      : (refuse(FACET_MESSAGES.reference) ?? '');

  const list = <T extends string>(name: string, choices: readonly T[]): T[] => {
    const values = params.getAll(name).flatMap((value) => value.split(',')).map((value) => value.trim()).filter((value) => value !== '');
    const known = values.filter((value): value is T => (choices as readonly string[]).includes(value));
    if (known.length !== values.length) refuse(FACET_MESSAGES.choice(name, choices));
    return [...new Set(known)].sort((a, b) => choices.indexOf(a) - choices.indexOf(b));
  };

  const bound = (name: string, { min, max, whole }: { min: number; max: number; whole: boolean }): number | null => {
    const raw = (params.get(name) ?? '').trim();
    if (raw === '') return null;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max || (whole && !Number.isInteger(value))) {
      return refuse(FACET_MESSAGES.range(name, min, max));
    }
    return value;
  };
  const range = (name: 'year' | 'price' | 'size'): Range => {
    const from = bound(`${name}_from`, RANGES[name]);
    const to = bound(`${name}_to`, RANGES[name]);
    // Typed the wrong way round, a range still means the watches between its two ends.
    return from !== null && to !== null && from > to ? { from: to, to: from } : { from, to };
  };

  const currency = z.enum(PRICE_CURRENCIES).safeParse((params.get('currency') || 'sol').trim().toLowerCase());
  if (!currency.success) refuse(FACET_MESSAGES.currency);

  const facets: ListingFacets = {
    reference,
    condition: list('condition', CONDITIONS),
    papers: list('papers', BOX_PAPERS),
    material: list('material', CASE_MATERIALS),
    movement: list('movement', MOVEMENT_TYPES),
    year: range('year'),
    price: { ...range('price'), currency: currency.success ? currency.data : 'sol' },
    size: range('size'),
  };
  if (strict && problems.length > 0) return { ok: false, message: problems[0]! };
  return { ok: true, facets };
}

/** The facets as query parameters, in FACET_PARAMETERS' order, what is not chosen left out. */
export function facetParams(facets: ListingFacets): [string, string][] {
  const params: [string, string][] = [];
  const add = (name: string, value: number | string | null) => {
    if (value !== null && value !== '') params.push([name, String(value)]);
  };
  add('ref', facets.reference);
  for (const facet of COUNTED_FACETS) for (const value of facets[facet]) add(facet, value);
  add('year_from', facets.year.from);
  add('year_to', facets.year.to);
  add('price_from', facets.price.from);
  add('price_to', facets.price.to);
  if (facets.price.currency !== 'sol' && (facets.price.from !== null || facets.price.to !== null)) add('currency', facets.price.currency);
  add('size_from', facets.size.from);
  add('size_to', facets.size.to);
  return params;
}

/**
 * A GET form sent without scripts names every field, the empty ones too, and the price's unit
 * with no price: `?ref=&condition=unworn&year_from=&currency=sol`. The address without those
 * (the one a link to the same view has), or null when there is nothing to leave out.
 */
export function tidiedQuery(query: URLSearchParams): URLSearchParams | null {
  const priced = Boolean(query.get('price_from')?.trim() || query.get('price_to')?.trim());
  const idle = ([name, value]: [string, string]) =>
    (FACET_PARAMETERS as readonly string[]).includes(name) &&
    (value.trim() === '' || (name === 'currency' && (!priced || value.trim().toLowerCase() === 'sol')));
  const entries = [...query];
  if (!entries.some(idle)) return null;
  return new URLSearchParams(entries.filter((entry) => !idle(entry)));
}

/** How many filters are chosen: each value of a list, each end of a range, a reference. */
export function chosenFilters(facets: ListingFacets): number {
  return facetParams(facets).filter(([name]) => name !== 'currency').length;
}

/**
 * Combinations a crawler could multiply without end are kept out of search results: a page with
 * more than one filter, or with a reference or a range, is `noindex` (its links are still
 * followed). A single choice (the unworn watches, the titanium ones) is a page worth finding.
 */
export function isIndexableFilter(facets: ListingFacets): boolean {
  const params = facetParams(facets);
  return params.length === 0 || (params.length === 1 && (COUNTED_FACETS as readonly string[]).includes(params[0]![0]));
}

/** The facets as listing_page_queries and listing_facets read them (a JSON object, keys as the URL's). */
export function facetsArg(facets: ListingFacets): Record<string, unknown> {
  const argument: Record<string, unknown> = {};
  if (facets.reference !== '') argument.ref = referenceKey(facets.reference);
  for (const facet of COUNTED_FACETS) if (facets[facet].length > 0) argument[facet] = facets[facet];
  for (const name of ['year', 'price', 'size'] as const) {
    if (facets[name].from !== null) argument[`${name}_from`] = facets[name].from;
    if (facets[name].to !== null) argument[`${name}_to`] = facets[name].to;
  }
  if (facets.price.from !== null || facets.price.to !== null) argument.currency = facets.price.currency;
  return argument;
}
