/**
 * Where a brand card leads (SPEC §2): the brand's listing when it has an available watch, else
 * every watch — also when the check itself fails, so a card never leaves the shopper stranded.
 */

export const ALL_WATCHES_PATH = '/watches';

export function brandWatchesPath(brand: string): string {
  return `${ALL_WATCHES_PATH}?brand=${encodeURIComponent(brand)}`;
}

type Fetch = (input: string) => Promise<Response>;

export async function resolveBrandDestination(brand: string, fetchFn: Fetch = fetch): Promise<string> {
  try {
    // A count, not the watches: a brand of a large catalogue may have thousands (issue 34).
    const response = await fetchFn(`/api/watches/count?brand=${encodeURIComponent(brand)}`);
    if (!response.ok) throw new Error(`GET /api/watches/count answered ${response.status}`);
    const body = (await response.json()) as { count?: unknown };
    return typeof body.count === 'number' && body.count > 0 ? brandWatchesPath(brand) : ALL_WATCHES_PATH;
  } catch (error) {
    console.error(`Loading the watches of ${brand} failed`, error);
    return ALL_WATCHES_PATH;
  }
}
