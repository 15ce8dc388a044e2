'use client';

import { RetryAlert } from '../retry-alert';
import { useLoaded } from '../use-loaded';
import { CountTable } from './count-table';
import { loadWatcherCounts, WATCHER_EXPORT_PATH } from './watcher-counts';

/**
 * The Watchers tab (issue 52): what shoppers wait for, per piece and per brand, for whoever keeps
 * the catalogue; the owner may also take the counts away as CSV.
 */
export function WatchersPanel({ canExport }: { canExport: boolean }) {
  const { data, error, reload } = useLoaded(loadWatcherCounts, 'Failed to load the watchers');
  return (
    <section aria-labelledby="watchers-heading" className="max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="watchers-heading" className="font-serif text-xl">
          Watchers
        </h2>
        {canExport && (
          <a
            href={WATCHER_EXPORT_PATH}
            download
            className="rounded border border-line px-4 py-2 text-sm hover:border-gold hover:text-gold-bright"
          >
            Export counts (CSV)
          </a>
        )}
      </div>
      {error && <RetryAlert message={error} onRetry={() => void reload()} />}
      {data === null ? (
        !error && <p className="text-muted">Loading...</p>
      ) : (
        <>
          <CountTable
            caption="Per piece"
            columns={['Brand', 'Model', 'Watchers']}
            rows={data.pieces.map((piece) => ({ key: piece.watchId, cells: [piece.brand, piece.model, piece.watchers] }))}
          />
          <CountTable
            caption="Per brand"
            columns={['Brand', 'Watchers']}
            rows={data.brands.map((brand) => ({ key: brand.brand, cells: [brand.brand, brand.watchers] }))}
          />
        </>
      )}
    </section>
  );
}
