import type { AlertSubject } from './alert-subject';
import type { AlertRequest } from './watchlist-client';

/** What the dialog's fields hold as sent; a field not shown is absent. */
export type AlertFields = { email?: string; below?: string };

/**
 * The body of POST /api/watchlist for `subject`. Blank fields are left out, so the server tells a
 * missing address from a mistyped one.
 */
export function alertRequest(subject: AlertSubject, fields: AlertFields): AlertRequest {
  const email = fields.email?.trim() || undefined;
  if (subject.kind === 'search') return { search: subject.path, ...(email && { email }) };
  const below = subject.available ? fields.below?.trim() || undefined : undefined;
  return { watchId: subject.watchId, ...(email && { email }), ...(below && { below }) };
}
