/**
 * The browser's calls to the watchlist routes (issue 52), each answering what the shopper is then
 * shown: the shop's own words when it gave some, else NETWORK_FAILURE.
 */

/** Shown when the shop could not be reached, or answered without words for the shopper. */
export const NETWORK_FAILURE = 'Could not reach the shop. Please try again.';

/** What POST /api/watchlist takes: a watch (and a price to go below), or a listing's search. */
export type AlertRequest = { watchId: string; email?: string; below?: string } | { search: string; email?: string };

/** A refusal keeps its status (0 when nothing answered). */
export type ShopAnswer = { ok: true; message: string } | { ok: false; message: string; emailNeeded: boolean; status: number };

type AnswerBody = { message?: unknown; error?: unknown; emailNeeded?: unknown } | null;

async function ask(path: string, init: RequestInit, fetchJson: typeof fetch): Promise<ShopAnswer> {
  let response: Response;
  try {
    response = await fetchJson(path, { cache: 'no-store', ...init });
  } catch {
    return { ok: false, message: NETWORK_FAILURE, emailNeeded: false, status: 0 };
  }
  const body = (await response.json().catch(() => null)) as AnswerBody;
  if (response.ok) return { ok: true, message: typeof body?.message === 'string' ? body.message : '' };
  const { status } = response;
  if (typeof body?.error !== 'string') return { ok: false, message: NETWORK_FAILURE, emailNeeded: false, status };
  return { ok: false, message: body.error, emailNeeded: body.emailNeeded === true, status };
}

const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Watches a piece or saves a search; a wallet session without an address on file is told `emailNeeded`. */
export const askForAlert = (request: AlertRequest, fetchJson: typeof fetch = fetch) => ask('/api/watchlist', postJson(request), fetchJson);

/** The double opt-in's second step: the token from the confirmation e-mail. */
export const confirmAlerts = (token: string, fetchJson: typeof fetch = fetch) =>
  ask('/api/watchlist/confirm', postJson({ token }), fetchJson);

/** Deletes the address of the e-mail's token and everything it watches. */
export const unsubscribe = (token: string, fetchJson: typeof fetch = fetch) =>
  ask(`/api/watchlist/unsubscribe?${new URLSearchParams({ token })}`, postJson({}), fetchJson);

/** Stops one watch or saved search of the signed-in wallet; one already gone is as good as removed. */
export async function removeFromWatchlist(id: string, fetchJson: typeof fetch = fetch): Promise<ShopAnswer> {
  const answer = await ask(`/api/watchlist/${encodeURIComponent(id)}`, { method: 'DELETE' }, fetchJson);
  return !answer.ok && answer.status === 404 ? { ok: true, message: '' } : answer;
}

/** Whether this browser has a wallet session: then no address is asked for before the first try. */
export async function walletSignedIn(fetchJson: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchJson('/api/wallet-session', { cache: 'no-store' });
    return response.ok && ((await response.json()) as { wallet: string | null }).wallet !== null;
  } catch {
    // Unknown: the address is asked for, which works signed in or not.
    return false;
  }
}
