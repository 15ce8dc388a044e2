'use client';

import { ErrorPanelOnDemand } from '@/components/layout/error-panel-on-demand';

/** A shop page that failed to render: the error in place of the page, under the shop's header. */
export default function ShopError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main className="px-4">
      <ErrorPanelOnDemand reset={reset} digest={error.digest} />
    </main>
  );
}
