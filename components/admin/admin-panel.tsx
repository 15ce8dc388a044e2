'use client';

import * as Tabs from '@radix-ui/react-tabs';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { adminApi } from '@/lib/admin/api-client';
import type { Watch } from '@/lib/catalog/types';
import type { PaymentsMode } from '@/lib/orders/fulfilment';
import type { ExplorerCluster } from '@/lib/wallet/explorer';
import { AdminWatchCard } from './admin-watch-card';
import { DeleteWatchDialog } from './delete-watch-dialog';
import { OrdersPanel } from './orders/orders-panel';
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
  chain: ExplorerCluster;
  payments: PaymentsMode;
  /** /admin/upload: open on a new watch's photo upload. */
  startWithUpload?: boolean;
};

/** SPEC §2 logged in: the catalogue manager, plus the orders view DESIGN adds. */
export function AdminPanel({ initialGrid, chain, payments, startWithUpload = false }: Props) {
  const router = useRouter();
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

  async function signOut() {
    await adminApi.logOut().catch((error: unknown) => console.error('Sign out failed', error));
    router.refresh();
  }

  const openAdd = () => setModal({ mode: 'add' });
  // The pager sits under the grid: a new page is read from its top.
  const showPage = (page: number) => void goTo(page).then(() => collectionTitle.current?.scrollIntoView({ block: 'start' }));

  return (
    <div className="min-h-dvh">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-5 py-4">
          <h1 className="font-serif text-2xl">Admin Panel</h1>
          <nav aria-label="Admin" className="flex items-center gap-3 text-sm">
            <Link href="/" className="rounded border border-line px-3 py-2 hover:border-gold hover:text-gold-bright">
              View Store
            </Link>
            <button
              type="button"
              onClick={signOut}
              className="rounded border border-line px-3 py-2 hover:border-sold hover:text-sold"
            >
              Sign Out
            </button>
          </nav>
        </div>
      </header>

      <main className="mx-auto max-w-7xl px-5 py-8">
        {status && (
          <p
            role={status.kind === 'error' ? 'alert' : 'status'}
            className={`mb-6 rounded border px-4 py-3 text-sm ${
              status.kind === 'error' ? 'border-sold/40 bg-sold/10 text-sold' : 'border-ok/40 bg-ok/10 text-ok'
            }`}
          >
            {status.text}
          </p>
        )}

        <Tabs.Root defaultValue="watches">
          <Tabs.List aria-label="Admin sections" className="mb-6 flex gap-2 border-b border-line">
            {['Watches', 'Orders'].map((label) => (
              <Tabs.Trigger
                key={label}
                value={label.toLowerCase()}
                className="-mb-px border-b-2 border-transparent px-4 py-2 text-muted data-[state=active]:border-gold data-[state=active]:text-ivory"
              >
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>

          <Tabs.Content value="watches" className="space-y-6">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
              <button
                type="button"
                onClick={openAdd}
                className="rounded bg-gold px-4 py-2 font-medium text-ink hover:bg-gold-bright"
              >
                Add New Watch
              </button>
              <WatchSearchForm action={pathname} value={search} onType={type} onSubmit={submit} />
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
          </Tabs.Content>

          {/* Mounted when the tab opens, so the orders are loaded fresh each time. */}
          <Tabs.Content value="orders">
            <OrdersPanel chain={chain} payments={payments} />
          </Tabs.Content>
        </Tabs.Root>
      </main>

      {modal.mode !== 'closed' && (
        <WatchFormDialog
          editing={modal.mode === 'edit' ? modal.watch : null}
          startWithUpload={startWithUpload}
          onClose={() => setModal({ mode: 'closed' })}
          onSaved={(_, message) => {
            setModal({ mode: 'closed' });
            setStatus({ kind: 'success', text: message });
            void refresh();
          }}
        />
      )}
      {deleting && <DeleteWatchDialog watch={deleting} onCancel={() => setDeleting(null)} onConfirm={remove} />}
    </div>
  );
}
