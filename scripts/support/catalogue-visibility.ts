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

/** One load of a place: its answer, and when its headers arrived (the instance had chosen what to send). */
type Load = { status: number; text: string; headersAt: number };

async function load(url: string): Promise<Load> {
  const response = await fetch(url);
  const headersAt = performance.now();
  return { status: response.status, text: await response.text(), headersAt };
}

type Listed = { id: string; model: string; price_sol: number; available: boolean };

/** Whether one place's answer showed the change, and when it began to arrive. */
export type Answer = { found: boolean; headersAt: number };

/** Each place's answer to one load of it. */
export async function answers(base: string, expected: Expected): Promise<{ listing: Answer; page: Answer; api: Answer }> {
  const [listing, page, api] = await Promise.all([
    // The brand's listing: the whole listing shows one page of 24 (issue 34), in a shuffled order.
    load(`${base}/watches?brand=${encodeURIComponent(expected.brand)}`),
    load(`${base}/watches/${expected.id}`),
    load(`${base}/api/watches?brand=${encodeURIComponent(expected.brand)}`),
  ]);
  const apiWatches = api.status === 200 ? (JSON.parse(api.text) as { watches: Listed[] }).watches : null;
  const listed = apiWatches?.find((watch) => watch.id === expected.id);
  const answer = (from: Load, found: boolean): Answer => ({ found, headersAt: from.headersAt });
  if (expected.state === 'deleted') {
    return {
      listing: answer(listing, listing.status === 200 && !listing.text.includes(expected.id)),
      page: answer(page, page.status === 404),
      api: answer(api, apiWatches !== null && !listed),
    };
  }
  // Each change gives the watch a model name of its own, so finding it proves the new rendering.
  // The listing and /api/watches show sold-out watches too, the listing with their badge.
  const listingShows = listing.status === 200 && listing.text.includes(expected.model);
  const onPage = page.status === 200 && page.text.includes(expected.model) && page.text.includes(formatSol(expected.priceSol));
  if (expected.state === 'sold out') {
    return {
      listing: answer(listing, listingShows),
      page: answer(page, onPage && page.text.includes('Sold Out')),
      api: answer(api, listed?.model === expected.model && !listed.available),
    };
  }
  return {
    listing: answer(listing, listingShows),
    page: answer(page, onPage && page.text.includes('In Stock')),
    api: answer(api, listed?.model === expected.model && listed.price_sol === expected.priceSol && listed.available),
  };
}

/** True for each place that shows `expected`, from one load of each. */
export async function shows(base: string, expected: Expected): Promise<{ listing: boolean; page: boolean; api: boolean }> {
  const { listing, page, api } = await answers(base, expected);
  return { listing: listing.found, page: page.found, api: api.found };
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

/** Of answers in the order they arrived: the first after which none missed the change; none when the last did. */
export function firstOfLastFoundRun(arrived: Answer[]): Answer | undefined {
  let first: Answer | undefined;
  for (const answer of arrived) first = answer.found ? (first ?? answer) : undefined;
  return first;
}

/**
 * The same question asked under a crowd, where each load waits its turn behind the crowd's (whose
 * latency has a budget of its own): a round that may begin only once the last was answered would
 * time those waits more than the instance. Here a round of loads begins every `everyMs` until
 * `windowMs` after `since`, whatever the ones before it are doing; every answer is placed at the
 * moment its headers arrived, and the change counts as served from the first answer after which no
 * answer, of any place, missed it. Gives that moment, after `since`, or null when the last answer
 * still missed the change.
 */
export async function timeUntilServedUnderCrowd(base: string, expected: Expected, since: number, windowMs: number, everyMs: number): Promise<number | null> {
  const rounds: Promise<Answer[]>[] = [];
  while (performance.now() - since < windowMs) {
    rounds.push(answers(base, expected).then(({ listing, page, api }) => [listing, page, api]));
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  const arrived = (await Promise.all(rounds)).flat().sort((a, b) => a.headersAt - b.headersAt);
  const served = firstOfLastFoundRun(arrived);
  return served ? served.headersAt - since : null;
}
