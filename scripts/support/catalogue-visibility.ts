/**
 * Whether a server instance shows a catalogue change to shoppers, and how long after the write it
 * first did: on the listing (/watches?brand=, the brand's), the watch's page and /api/watches?brand=. Used by the
 * several-instance test (e2e/instances.spec.ts, `timeUntilShown`) and the two-instance load test
 * (`timeUntilServedUnderCrowd`).
 */
import type { WatchInput } from '../../lib/catalog/types';
import { formatSol } from '../../lib/price/format';

/** A watch as it should show after a change: on sale, sold out, or deleted. */
export type Expected =
  | { id: string; brand: string; model: string; priceSol: number; state: 'available' | 'sold out' }
  | { id: string; brand: string; state: 'deleted' };

/** The test watch after change number `change`: a model name and prices of that change's own. */
export function watchAtChange(brand: string, change: number, available = true): WatchInput {
  return {
    brand,
    model: `${brand} change ${change}`,
    description: 'A watch changed through one server instance and looked for on another.',
    image_urls: ['/images/watch-placeholder.svg'],
    price_sol: 1000 + change + 0.25,
    price_eur: 150_000 + change,
    specs: {},
    features: [],
    featured: false,
    stock: available ? 1 : 0,
  };
}

/** How the watch saved as `input` should show. */
export function expectedOf(id: string, input: WatchInput): Expected {
  return { id, brand: input.brand, model: input.model, priceSol: input.price_sol, state: input.stock > 0 ? 'available' : 'sold out' };
}

/** True for each place that shows `expected`, from one load of each. */
export async function shows(base: string, expected: Expected): Promise<{ listing: boolean; page: boolean; api: boolean }> {
  const [listing, page, api] = await Promise.all([
    // The brand's listing: the whole listing shows one page of 24 (issue 34), in a shuffled order.
    fetch(`${base}/watches?brand=${encodeURIComponent(expected.brand)}`).then(async (response) => ({ status: response.status, text: await response.text() })),
    fetch(`${base}/watches/${expected.id}`).then(async (response) => ({ status: response.status, text: await response.text() })),
    fetch(`${base}/api/watches?brand=${encodeURIComponent(expected.brand)}`).then(async (response) =>
      response.ok ? ((await response.json()) as { watches: { id: string; model: string; price_sol: number; available: boolean }[] }).watches : null,
    ),
  ]);
  const listed = api?.find((watch) => watch.id === expected.id);
  if (expected.state === 'deleted') {
    return { listing: listing.status === 200 && !listing.text.includes(expected.id), page: page.status === 404, api: api !== null && !listed };
  }
  // Each change gives the watch a model name of its own, so finding it proves the new rendering.
  // The listing and /api/watches show sold-out watches too, the listing with their badge.
  const listingShows = listing.status === 200 && listing.text.includes(expected.model);
  const onPage = page.status === 200 && page.text.includes(expected.model) && page.text.includes(formatSol(expected.priceSol));
  if (expected.state === 'sold out') {
    return { listing: listingShows, page: onPage && page.text.includes('Sold Out'), api: listed?.model === expected.model && !listed.available };
  }
  return {
    listing: listingShows,
    page: onPage && page.text.includes('In Stock'),
    api: listed?.model === expected.model && listed.price_sol === expected.priceSol && listed.available,
  };
}

/**
 * Milliseconds from `since` until one round of loads found `expected` in every place, polling;
 * null when no round had found it by `timeoutMs`, with what the last round found. A round begun
 * before the bound may find it after: the time is then past the bound, for the caller to judge.
 */
export async function timeUntilShown(
  base: string,
  expected: Expected,
  since: number,
  timeoutMs: number,
): Promise<{ shownAfterMs: number | null; last: Awaited<ReturnType<typeof shows>> }> {
  for (;;) {
    const last = await shows(base, expected);
    const elapsed = performance.now() - since;
    if (last.listing && last.page && last.api) return { shownAfterMs: elapsed, last };
    if (elapsed >= timeoutMs) return { shownAfterMs: null, last };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One round of loads of `shows`: when it was asked and answered, and whether it found the change everywhere. */
export type Round = { askedAt: number; answeredAt: number; found: boolean };

/** Of rounds in the order they were asked: the first after which none missed the change; none when the last did. */
export function firstOfLastFoundRun(rounds: Round[]): Round | undefined {
  let first: Round | undefined;
  for (const round of rounds) first = round.found ? (first ?? round) : undefined;
  return first;
}

/**
 * The same question asked under a crowd, where each load waits its turn behind the crowd's (whose
 * latency has a budget of its own): a round that may begin only once the last was answered times
 * those waits more than the instance. Here a round begins every `everyMs` until `windowMs` after
 * `since`, whatever the ones before it are doing, and the change counts as served from the first
 * round after which no round missed it (a round asked later that still found the old state puts
 * the time after it). Gives when that round was asked and when it was answered, or nulls when the
 * last round still missed the change.
 */
export async function timeUntilServedUnderCrowd(
  base: string,
  expected: Expected,
  since: number,
  windowMs: number,
  everyMs = 100,
): Promise<{ askedAfterMs: number | null; answeredAfterMs: number | null }> {
  const rounds: Promise<Round>[] = [];
  while (performance.now() - since < windowMs) {
    const askedAt = performance.now();
    rounds.push(shows(base, expected).then((found) => ({ askedAt, answeredAt: performance.now(), found: found.listing && found.page && found.api })));
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  const served = firstOfLastFoundRun(await Promise.all(rounds));
  if (!served) return { askedAfterMs: null, answeredAfterMs: null };
  return { askedAfterMs: served.askedAt - since, answeredAfterMs: served.answeredAt - since };
}
