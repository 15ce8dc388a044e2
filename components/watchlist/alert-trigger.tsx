import { AlertButton } from './alert-button';
import { alertCopy } from './alert-copy';
import type { AlertSubject } from './alert-subject';
import { NETWORK_FAILURE } from './watchlist-client';

/**
 * "Notify me" on a watch page. Rendered on the server, which gives the button its words, so that
 * they travel in the page and not in its JavaScript.
 */
export function AlertTrigger({ subject, className }: { subject: AlertSubject; className: string }) {
  return (
    <AlertButton
      subject={subject}
      label={alertCopy(subject).title}
      failure={NETWORK_FAILURE}
      className={`${className} aria-busy:cursor-wait`}
    />
  );
}
