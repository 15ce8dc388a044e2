/**
 * The addresses of a watch's Solana Action (docs/actions.md), shared by the server that answers
 * them and the pages that link to them.
 */

/** The Action of one watch: GET describes it, POST with `{ account }` answers the transaction that buys it. */
export const watchActionPath = (watchId: string) => `/api/actions/watches/${encodeURIComponent(watchId)}`;

/** Where a blink client posts, after the buyer's transaction, for the Action's next step (chaining). */
export const watchActionPaidPath = (watchId: string, orderId: string) => `${watchActionPath(watchId)}/paid?order=${encodeURIComponent(orderId)}`;

/**
 * A watch's blink: its page with the Action in the spec's `action` query parameter. An
 * Actions-aware wallet or site unfurls it as a Buy card; anything else opens the watch's page, whose
 * social card it shows.
 */
export function blinkUrl(origin: string, watchId: string): string {
  const action = `solana-action:${origin}${watchActionPath(watchId)}`;
  return `${origin}/watches/${encodeURIComponent(watchId)}?action=${encodeURIComponent(action)}`;
}
