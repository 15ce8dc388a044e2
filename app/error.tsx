'use client';

import { StandaloneErrorPageOnDemand } from '@/components/layout/error-panel-on-demand';

/**
 * A page or layout below the root that failed to render (the shop's pages have their own, inside
 * the header and footer: app/(shop)/error.tsx). The root layout, its fonts and styles still stand.
 */
export default function RootError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <StandaloneErrorPageOnDemand reset={reset} digest={error.digest} />;
}
