'use client';

import { lazy, Suspense } from 'react';

/**
 * The panel is fetched when the boundary first shows it: Next.js loads every error boundary of a
 * page's route with the page, for a screen that is seldom seen (issue 25, docs/performance.md).
 */
const ErrorPanel = lazy(() => import('@/components/layout/error-panel').then((panels) => ({ default: panels.ErrorPanel })));

/** A shop page that failed to render: the error in place of the page, under the shop's header. */
export default function ShopError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main className="px-4">
      <Suspense>
        <ErrorPanel reset={reset} digest={error.digest} />
      </Suspense>
    </main>
  );
}
