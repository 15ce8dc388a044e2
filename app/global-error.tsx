'use client';

import { lazy, Suspense } from 'react';
import './globals.css';

/** Fetched when the page is first shown, as app/(shop)/error.tsx does with its panel. */
const StandaloneErrorPage = lazy(() =>
  import('@/components/layout/error-panel').then((panels) => ({ default: panels.StandaloneErrorPage })),
);

/**
 * The root layout, or a page or layout outside the shop's pages (which have app/(shop)/error.tsx),
 * failed: this replaces the root layout, so it brings its own document and styles, and the same
 * panel as every other error, which brings the display font with it (components/layout/
 * error-panel.tsx). There is no app/error.tsx on purpose: it showed this same standalone page
 * inside the root layout, and Next.js loaded it with every page (issue 25).
 */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-dvh">
        <Suspense>
          <StandaloneErrorPage reset={reset} digest={error.digest} />
        </Suspense>
      </body>
    </html>
  );
}
