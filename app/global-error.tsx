'use client';

import { StandaloneErrorPageOnDemand } from '@/components/layout/error-panel-on-demand';
import { serif } from './fonts';
import './globals.css';

/**
 * The root layout itself failed: this replaces it, so it brings its own document, styles and
 * font, and the same panel as every other error.
 */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en" className={serif.variable}>
      <body className="min-h-dvh">
        <StandaloneErrorPageOnDemand reset={reset} digest={error.digest} />
      </body>
    </html>
  );
}
