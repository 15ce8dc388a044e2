import type { AlertSubject } from './alert-subject';
import { SAVE_SEARCH } from './save-search-link';

/** The alert dialog's words (issue 52), by what it is about. */
export type AlertCopy = { title: string; text: string; submit: string };

const NOTIFY_ME = 'Notify me';

export const BELOW_LABEL = 'Or when it is below (SOL)';
export const EMAIL_LABEL = 'E-mail address';

/**
 * A watch that cannot be bought now (sold out, or its last pieces held by buyers paying) is told
 * of once it can; one that can is told of when its price drops.
 */
export function alertCopy(subject: AlertSubject): AlertCopy {
  if (subject.kind === 'search')
    return { title: SAVE_SEARCH, text: 'We will e-mail you when a new watch matches this search.', submit: SAVE_SEARCH };
  const text = subject.available
    ? 'We will e-mail you when its price drops by 5 % or more.'
    : 'We will e-mail you once when this watch is available again.';
  return { title: NOTIFY_ME, text, submit: NOTIFY_ME };
}
