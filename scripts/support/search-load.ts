/**
 * The searches `npm run loadtest` sends (issue 34): what shoppers type, misspellings included,
 * by a few clients at once, through GET /api/watches (the endpoint Show more uses), which reads a
 * listing's page as the page itself does: from the catalogue's cache, searches included
 * (lib/catalog/cached.ts), or the database the first time. The search box itself navigates
 * through the App Router, which renders the page around that same read.
 */
import autocannon from 'autocannon';

export const SEARCH_CONNECTIONS = 10;

export const SEARCH_BUDGET = {
  /** autocannon reports no 95th percentile: its next one up, the 97.5th, is held to p95's bound. */
  p97_5Ms: 150,
  p99Ms: 300,
};

/** Real queries: brands, models, materials, references, words in any order, typos, accents. */
export const SEARCHES = [
  'rolex',
  'daytona',
  'steel daytona',
  'rollex submariner',
  'nautilis',
  'patek 5711',
  'glashutte',
  'Glashütte Original',
  'omega speedmaster',
  'speedmastr',
  'chronograph',
  'blue dial',
  'gold',
  'ceramic',
  'tourbillon',
  'pilot',
  'dive watch',
  'cartier tank',
  'audemars royal oak',
  'nft',
];

/**
 * Listings a collector filters (issue 50): documents, each rendered for its filters, not a kept
 * page; a grade, a set, a reference, a year, a price and a size, alone and together, with a search
 * and a brand. The budget is the searches'.
 */
export const FILTERED_PAGES = [
  '/watches?condition=unworn',
  '/watches?condition=unworn&papers=both',
  '/watches?ref=126610LN&condition=unworn&papers=both&year_from=2020&price_to=80',
  '/watches?ref=5711',
  '/watches?material=titanium&movement=automatic',
  '/watches?brand=Rolex&condition=excellent&condition=very-good',
  '/watches?year_from=1960&year_to=1999&papers=neither',
  '/watches?price_from=5000&price_to=15000&currency=eur&size_from=38&size_to=41',
  '/watches?q=chronograph&condition=unworn',
  '/crypto-editions?condition=excellent',
];

export type SearchLoad = { requestsPerSecond: number; p50Ms: number; p97_5Ms: number; p99Ms: number; errors: number };

export function loadSearches(base: string, seconds: number, listing: 'all' | 'crypto' = 'all'): Promise<SearchLoad> {
  return loadPaths(
    base,
    seconds,
    SEARCHES.map((query) => `/api/watches?${new URLSearchParams({ listing, q: query })}`),
  );
}

/** The filtered listings' documents, by SEARCH_CONNECTIONS clients. */
export function loadFilteredPages(base: string, seconds: number): Promise<SearchLoad> {
  return loadPaths(base, seconds, FILTERED_PAGES);
}

async function loadPaths(base: string, seconds: number, paths: readonly string[]): Promise<SearchLoad> {
  const result = await autocannon({
    url: base,
    connections: SEARCH_CONNECTIONS,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip' },
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p97_5Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
