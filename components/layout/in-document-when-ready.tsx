import { Suspense, type ReactNode } from 'react';
import { waitAtMost } from '@/lib/wait-at-most';

/** How long the server waits for a section's data before it sends the section's loading state. */
export const IN_DOCUMENT_WAIT_MS = 1_000;

type InDocumentWhenReadyProps = {
  /** The read `children` show: settled (or failed) means they render without waiting. */
  ready: Promise<unknown>;
  /** The section's loading state, sent first when the read is slower than IN_DOCUMENT_WAIT_MS. */
  fallback: ReactNode;
  children: ReactNode;
};

/**
 * A section read at request time, put in the document itself when its read is done within
 * IN_DOCUMENT_WAIT_MS, the usual case; when the read is slower, its loading state is sent and the
 * content streams in behind it.
 *
 * Why: content streamed behind a Suspense fallback arrives as a hidden element that an inline
 * script moves into place. A browser without JavaScript, and a crawler that reads the HTML
 * without running it, only ever see the fallback. What no boundary wraps is part of the shell,
 * which React writes in place; so this waits for the read outside any boundary and, once it is
 * done, renders the content without one. Every page is rendered per request anyway
 * (app/layout.tsx), so there is no prerendered shell that the wait would give up.
 */
export async function InDocumentWhenReady({ ready, fallback, children }: InDocumentWhenReadyProps) {
  if (await waitAtMost(ready, IN_DOCUMENT_WAIT_MS)) return children;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
