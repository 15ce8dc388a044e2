/** An answer other than success, with the message the page shows. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** More for the page than the message: a `code` it acts on. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The JSON error answer of every route handler: `{ error }` (and any details), never cached. */
export function jsonError(status: number, message: string, details: Record<string, unknown> = {}): Response {
  return Response.json({ error: message, ...details }, { status, headers: { 'cache-control': 'no-store' } });
}
