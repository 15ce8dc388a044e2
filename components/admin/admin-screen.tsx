import { cookies } from 'next/headers';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { hasAdminSession } from '@/lib/auth/request-session';
import { parseChainConfig, parsePaymentsConfig } from '@/lib/payments/config';
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
  // SPEC §8: a failed admin list load shows an empty list and is only logged.
  const { catalog, orders } = getStores();
  const [watches, counts] = await Promise.all([catalog.listAll(), orders.stockCounts()]).catch((error: unknown) => {
    console.error('Failed to load watches', error);
    return [[], {}] as const;
  });
  // The explorers' cluster of the run-time RPC endpoint, for the orders' transaction and certificate links;
  // the payment mode decides whether a simulated order may be shipped (lib/orders/fulfilment.ts).
  const { cluster, rpcUrl } = parseChainConfig();
  return (
    <AdminPanel
      initialWatches={[...watches]}
      initialCounts={counts}
      chain={{ cluster, rpcUrl }}
      payments={parsePaymentsConfig().mode}
      startWithUpload={startWithUpload}
    />
  );
}
