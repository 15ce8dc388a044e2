'use client';

import { lazy, Suspense } from 'react';

/**
 * The error panels of components/layout/error-panel.tsx, fetched when an error boundary first
 * shows one. Next.js loads every error boundary of a page's route (app/(shop)/error.tsx,
 * app/global-error.tsx) with the page, and each carried its own copy of the panel: ~2.5 KB gz of
 * every page's first-load JavaScript for a screen that is seldom seen (issue 25).
 */
const ErrorPanel = lazy(() => import('./error-panel').then((panels) => ({ default: panels.ErrorPanel })));
const StandaloneErrorPage = lazy(() => import('./error-panel').then((panels) => ({ default: panels.StandaloneErrorPage })));

type PanelProps = { reset: () => void; digest?: string };

/** The panel in place of a page, inside the shop's header and footer. */
export function ErrorPanelOnDemand(props: PanelProps) {
  return (
    <Suspense>
      <ErrorPanel {...props} />
    </Suspense>
  );
}

/** The panel on a page of its own, for errors above the shop's layout. */
export function StandaloneErrorPageOnDemand(props: PanelProps) {
  return (
    <Suspense>
      <StandaloneErrorPage {...props} />
    </Suspense>
  );
}
