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

export type SearchLoad = { requestsPerSecond: number; p50Ms: number; p97_5Ms: number; p99Ms: number; errors: number };

export async function loadSearches(base: string, seconds: number, listing: 'all' | 'crypto' = 'all'): Promise<SearchLoad> {
  const result = await autocannon({
    url: base,
    connections: SEARCH_CONNECTIONS,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip' },
    requests: SEARCHES.map((query) => ({ method: 'GET', path: `/api/watches?${new URLSearchParams({ listing, q: query })}` })),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p97_5Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
