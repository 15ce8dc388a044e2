'use client';

import * as Tabs from '@radix-ui/react-tabs';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { adminApi, SIGNED_OUT_EVENT } from '@/lib/admin/api-client';
import type { PaymentsMode } from '@/lib/orders/fulfilment';
import { can, ROLE_LABELS, type Role } from '@/lib/staff/roles';
import type { ExplorerCluster } from '@/lib/wallet/explorer';
import { AccountPanel } from './account/account-panel';
import { ActivityPanel } from './activity/activity-panel';
import { OrdersPanel } from './orders/orders-panel';
import { PriceFloorPanel } from './settings/price-floor-panel';
import { StepUpDialog } from './second-factor/step-up-dialog';
import { StaffPanel } from './staff/staff-panel';
import { WatchersPanel } from './watchers/watchers-panel';
import type { WatchGrid } from './use-watch-grid';
import { WatchCatalogue } from './watch-catalogue';

type Props = {
  member: { name: string; role: Role };
  /** The page of the grid the address asked for, read on the server; null for a role without the catalogue. */
  initialGrid: WatchGrid | null;
  chain: ExplorerCluster;
  payments: PaymentsMode;
  /** /admin/upload: open on a new watch's photo upload. */
  startWithUpload?: boolean;
};

const TAB_CLASS =
  '-mb-px border-b-2 border-transparent px-4 py-2 text-muted data-[state=active]:border-gold data-[state=active]:text-ivory';

/** SPEC §2 logged in: the catalogue manager, plus the orders view DESIGN adds, as the member's role allows (issue 36). */
export function AdminPanel({ member, initialGrid, chain, payments, startWithUpload = false }: Props) {
  const router = useRouter();
  const showsOrders = can(member.role, 'orders');
  const showsStaff = can(member.role, 'staff');
  const showsShop = can(member.role, 'shop');
  // What shoppers wait for tells the catalogue what to restock (issue 52).
  const showsWatchers = can(member.role, 'catalogue');

  // A call that finds the session ended (lib/admin/api-client.ts): the page renders the login again.
  useEffect(() => {
    const showLogin = () => router.refresh();
    window.addEventListener(SIGNED_OUT_EVENT, showLogin);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, showLogin);
  }, [router]);

  async function signOut() {
    await adminApi.logOut().catch((error: unknown) => console.error('Sign out failed', error));
    router.refresh();
  }

  return (
    <div className="min-h-dvh">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-5 py-4">
          <h1 className="font-serif text-2xl">Admin Panel</h1>
          <nav aria-label="Admin" className="flex flex-wrap items-center gap-3 text-sm">
            <span className="text-muted">
              {member.name} · {ROLE_LABELS[member.role]}
            </span>
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
        <Tabs.Root defaultValue={initialGrid ? 'watches' : showsOrders ? 'orders' : 'account'}>
          <Tabs.List aria-label="Admin sections" className="mb-6 flex flex-wrap gap-x-2 border-b border-line">
            {initialGrid && (
              <Tabs.Trigger value="watches" className={TAB_CLASS}>
                Watches
              </Tabs.Trigger>
            )}
            {showsOrders && (
              <Tabs.Trigger value="orders" className={TAB_CLASS}>
                Orders
              </Tabs.Trigger>
            )}
            {showsStaff && (
              <Tabs.Trigger value="staff" className={TAB_CLASS}>
                Staff
              </Tabs.Trigger>
            )}
            {showsStaff && (
              <Tabs.Trigger value="activity" className={TAB_CLASS}>
                Activity
              </Tabs.Trigger>
            )}
            {showsShop && (
              <Tabs.Trigger value="price-floor" className={TAB_CLASS}>
                Price floor
              </Tabs.Trigger>
            )}
            {showsWatchers && (
              <Tabs.Trigger value="watchers" className={TAB_CLASS}>
                Watchers
              </Tabs.Trigger>
            )}
            <Tabs.Trigger value="account" className={TAB_CLASS}>
              Account
            </Tabs.Trigger>
          </Tabs.List>

          {initialGrid && (
            <Tabs.Content value="watches">
              <WatchCatalogue initialGrid={initialGrid} startWithUpload={startWithUpload} />
            </Tabs.Content>
          )}
          {/* Mounted when the tab opens, so the orders are loaded fresh each time. */}
          {showsOrders && (
            <Tabs.Content value="orders">
              <OrdersPanel chain={chain} payments={payments} />
            </Tabs.Content>
          )}
          {showsStaff && (
            <Tabs.Content value="staff">
              <StaffPanel />
            </Tabs.Content>
          )}
          {showsStaff && (
            <Tabs.Content value="activity">
              <ActivityPanel />
            </Tabs.Content>
          )}
          {showsShop && (
            <Tabs.Content value="price-floor">
              <PriceFloorPanel />
            </Tabs.Content>
          )}
          {/* Mounted when the tab opens, so the counts are loaded fresh each time. */}
          {showsWatchers && (
            <Tabs.Content value="watchers">
              <WatchersPanel canExport={showsShop} />
            </Tabs.Content>
          )}
          <Tabs.Content value="account">
            <AccountPanel />
          </Tabs.Content>
        </Tabs.Root>
      </main>
      <StepUpDialog />
    </div>
  );
}
