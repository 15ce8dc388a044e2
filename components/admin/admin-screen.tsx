import { cookies } from 'next/headers';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { adminWatchPage, watchListQueryOf } from '@/lib/admin/watch-list';
import { pageCountOf } from '@/lib/admin/watch-list-query';
import { staffSessionOf } from '@/lib/auth/request-session';
import { parseChainConfig } from '@/lib/config';
import { parsePaymentsConfig } from '@/lib/chain/config';
import { getStores } from '@/lib/shop/stores';
import { can } from '@/lib/staff/roles';
import { AdminPanel } from './admin-panel';
import { LoginForm } from './login-form';
import { SecondFactorStep } from './second-factor/second-factor-step';

type Props = {
  /** The page's ?q= (the grid's search) and ?page= (its page, from 1). */
  searchParams: Promise<Record<string, string | string[] | undefined>>;
  /** /admin/upload: the panel opens on a new watch's photo upload (issue 14). */
  startWithUpload?: boolean;
};

/**
 * /admin and /admin/upload: the login form, or the panel for a valid session. Checked here, on
 * the server, for every request; the proxy in front is only a first gate.
 */
export function AdminScreen({ searchParams, startWithUpload = false }: Props) {
  return (
    <Suspense fallback={<p className="p-10 text-center text-muted">Loading...</p>}>
      <AdminGate searchParams={searchParams} startWithUpload={startWithUpload} />
    </Suspense>
  );
}

async function AdminGate({ searchParams, startWithUpload }: Required<Props>) {
  await connection();
  const session = await staffSessionOf(await cookies());
  if (!session) return <LoginForm />;
  if (!session.secondFactorAt) return <SecondFactorStep name={session.name} />;
  const query = watchListQueryOf(await searchParams);
  // SPEC §8: a failed admin list load shows an empty list and is only logged.
  const grid = can(session.role, 'catalogue')
    ? await adminWatchPage(getStores(), query).catch((error: unknown) => {
        console.error('Failed to load watches', error);
        return { watches: [], total: 0, page: 1, pageCount: pageCountOf(0), counts: {} };
      })
    : null;
  // The explorers' cluster of the run-time RPC endpoint, for the orders' transaction and certificate links;
  // the payment mode decides whether a simulated order may be shipped (lib/orders/fulfilment.ts).
  const { cluster, rpcUrl } = parseChainConfig();
  return (
    <AdminPanel
      member={{ name: session.name, role: session.role }}
      initialGrid={grid && { ...grid, q: query.q }}
      chain={{ cluster, rpcUrl }}
      payments={parsePaymentsConfig().mode}
      startWithUpload={startWithUpload}
    />
  );
}
