import type { AlertSubject } from './alert-subject';
import type { AlertRequest } from './watchlist-client';

/** What the dialog's fields hold as sent; a field not shown is absent. */
export type AlertFields = { email?: string; below?: string };

/**
 * The body of POST /api/watchlist for `subject`: a search is the listing's address as the shopper
 * sees it now (its path and query). Blank fields are left out, so the server tells a missing
 * address from a mistyped one.
 */
export function alertRequest(subject: AlertSubject, fields: AlertFields, at: Pick<Location, 'pathname' | 'search'>): AlertRequest {
  const email = fields.email?.trim() || undefined;
  if (subject.kind === 'search') return { search: at.pathname + at.search, ...(email && { email }) };
  const below = subject.available ? fields.below?.trim() || undefined : undefined;
  return { watchId: subject.watchId, ...(email && { email }), ...(below && { below }) };
}
