'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { adminApi } from '@/lib/admin/api-client';
import type { Watch } from '@/lib/catalog/types';
import { AdminWatchCard } from './admin-watch-card';
import { DeleteWatchDialog } from './delete-watch-dialog';
import { useWatchGrid, type WatchGrid } from './use-watch-grid';
import { WatchFormDialog } from './watch-form-dialog';
import { WatchGridPager } from './watch-grid-pager';
import { WatchSearchForm } from './watch-search-form';

/** SPEC §9: status messages disappear after 3000 ms. */
const STATUS_TIMEOUT_MS = 3000;

type Status = { kind: 'success' | 'error'; text: string };
type Modal = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; watch: Watch };

const NO_COUNTS = { held: 0, sold: 0 };

type Props = {
  /** The page of the grid the address asked for, read on the server. */
  initialGrid: WatchGrid;
  /** /admin/upload: open on a new watch's photo upload. */
  startWithUpload: boolean;
};

/** SPEC §2 logged in: the catalogue manager, for the roles that may edit the catalogue. */
export function WatchCatalogue({ initialGrid, startWithUpload }: Props) {
  // /admin or /admin/upload: the search form and page links keep it.
  const pathname = usePathname() ?? '/admin';
  const { grid, search, loading, type, submit, replace, goTo, refresh } = useWatchGrid(initialGrid);
  const collectionTitle = useRef<HTMLHeadingElement>(null);
  const [modal, setModal] = useState<Modal>({ mode: startWithUpload ? 'add' : 'closed' });
  const [deleting, setDeleting] = useState<Watch | null>(null);
  const [status, setStatus] = useState<Status | null>(null);

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), STATUS_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [status]);

  async function change(update: () => Promise<Watch>) {
    try {
      replace(await update());
      void refresh();
    } catch (error) {
      // SPEC §8: a failed toggle is only logged.
      console.error('Failed to update the watch', error);
    }
  }

  async function remove(watch: Watch) {
    setDeleting(null);
    try {
      await adminApi.deleteWatch(watch.id);
      setStatus({ kind: 'success', text: 'Watch deleted successfully' });
      // The next page's first watch moves up, and the count goes down.
      void refresh();
    } catch {
      setStatus({ kind: 'error', text: 'Failed to delete watch' });
    }
  }

  const openAdd = () => setModal({ mode: 'add' });
  // The pager sits under the grid: a new page is read from its top.
  const showPage = (page: number) => void goTo(page).then(() => collectionTitle.current?.scrollIntoView({ block: 'start' }));

  return (
    <div className="space-y-6">
      {/* Over the page, not in its flow: a message that came and went in the flow moved the grid
          under the operator's pointer as it went, three seconds after a save. */}
      {status && (
        <p
          role={status.kind === 'error' ? 'alert' : 'status'}
          className={`pointer-events-none fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md rounded border bg-surface px-4 py-3 text-sm shadow-lg ${
            status.kind === 'error' ? 'border-sold/60 text-sold' : 'border-ok/60 text-ok'
          }`}
        >
          {status.text}
        </p>
      )}

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <button
            type="button"
            onClick={openAdd}
            className="rounded bg-gold px-4 py-2 font-medium text-ink hover:bg-gold-bright"
          >
            Add New Watch
          </button>
          <WatchSearchForm action={pathname} value={search} onType={type} onSubmit={submit} />
          <a
            href="/api/admin/watches/export"
            download
            className="self-start rounded border border-line px-4 py-2 text-sm hover:border-gold hover:text-gold-bright sm:ml-auto sm:self-auto"
          >
            Export CSV
          </a>
        </div>

        <section aria-labelledby="admin-collection" aria-busy={loading} className="space-y-4">
          {/* SPEC §2: titled with the number of watches found, on every page. */}
          <h2 id="admin-collection" ref={collectionTitle} className="scroll-mt-4 font-serif text-xl">
            Watch Collection ({grid.total})
          </h2>
          {grid.watches.length === 0 ? (
            <div className="rounded-lg border border-line bg-surface p-10 text-center">
              <p className="text-muted">
                {grid.q === '' ? 'No watches found in the database' : 'No watches match your search'}
              </p>
              <button
                type="button"
                onClick={openAdd}
                className="mt-4 rounded border border-gold px-4 py-2 text-gold hover:text-gold-bright"
              >
                Add First Watch
              </button>
            </div>
          ) : (
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {grid.watches.map((watch) => (
                <li key={watch.id}>
                  <AdminWatchCard
                    watch={watch}
                    counts={grid.counts[watch.id] ?? NO_COUNTS}
                    onToggleFeatured={(target) => change(() => adminApi.toggleFeatured(target.id))}
                    onToggleAvailable={(target) => change(() => adminApi.setAvailable(target.id, !target.available))}
                    onEdit={(target) => setModal({ mode: 'edit', watch: target })}
                    onDelete={setDeleting}
                  />
                </li>
              ))}
            </ul>
          )}
          <WatchGridPager pathname={pathname} q={grid.q} page={grid.page} pageCount={grid.pageCount} onGoTo={showPage} />
        </section>
      {modal.mode !== 'closed' && (
        <WatchFormDialog
          editing={modal.mode === 'edit' ? modal.watch : null}
          startWithUpload={startWithUpload}
          onClose={() => setModal({ mode: 'closed' })}
          onSaved={(saved, message) => {
            setModal({ mode: 'closed' });
            // At once, not when the page is read again: an Edit pressed meanwhile must open what
            // was saved, or saving that form would put the old values back.
            replace(saved);
            setStatus({ kind: 'success', text: message });
            void refresh();
          }}
        />
      )}
      {deleting && <DeleteWatchDialog watch={deleting} onCancel={() => setDeleting(null)} onConfirm={remove} />}
    </div>
  );
}
