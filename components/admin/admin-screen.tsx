import { cookies } from 'next/headers';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { hasAdminSession } from '@/lib/auth/request-session';
import { parseChainConfig } from '@/lib/payments/config';
import { getStores } from '@/lib/stores';
import { AdminPanel } from './admin-panel';
import { LoginForm } from './login-form';

type Props = {
  /** /admin/upload: the panel opens on a new watch's photo upload (issue 14). */
  startWithUpload?: boolean;
};

/**
 * /admin and /admin/upload: the login form, or the panel for a valid session. Checked here, on
 * the server, for every request; the proxy in front is only a first gate.
 */
export function AdminScreen({ startWithUpload = false }: Props) {
  return (
    <Suspense fallback={<p className="p-10 text-center text-muted">Loading...</p>}>
      <AdminGate startWithUpload={startWithUpload} />
    </Suspense>
  );
}

async function AdminGate({ startWithUpload }: Required<Props>) {
  await connection();
  if (!(await hasAdminSession(await cookies()))) return <LoginForm />;
  const { catalog, orders } = getStores();
  const [watches, placed] = await Promise.all([
    // SPEC §8: a failed admin list load shows an empty list and is only logged.
    catalog.listAll().catch((error: unknown) => {
      console.error('Failed to load watches', error);
      return [];
    }),
    orders.list().catch((error: unknown) => {
      console.error('Failed to load orders', error);
      return [];
    }),
  ]);
  // The explorers' cluster of the run-time RPC endpoint, for the orders' transaction and certificate links.
  const { cluster, rpcUrl } = parseChainConfig();
  return (
    <AdminPanel
      initialWatches={watches}
      initialOrders={placed}
      chain={{ cluster, rpcUrl }}
      startWithUpload={startWithUpload}
    />
  );
}
