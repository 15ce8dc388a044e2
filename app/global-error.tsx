'use client';

import { lazy, Suspense } from 'react';
import { serif } from './fonts';
import './globals.css';

/** Fetched when the page is first shown, as app/(shop)/error.tsx does with its panel. */
const StandaloneErrorPage = lazy(() =>
  import('@/components/layout/error-panel').then((panels) => ({ default: panels.StandaloneErrorPage })),
);

/**
 * The root layout, or a page or layout outside the shop's pages (which have app/(shop)/error.tsx),
 * failed: this replaces the root layout, so it brings its own document, styles and font, and the
 * same panel as every other error. There is no app/error.tsx on purpose: it showed this same
 * standalone page inside the root layout, and Next.js loaded it with every page (issue 25).
 */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en" className={serif.variable}>
      <body className="min-h-dvh">
        <Suspense>
          <StandaloneErrorPage reset={reset} digest={error.digest} />
        </Suspense>
      </body>
    </html>
  );
}
