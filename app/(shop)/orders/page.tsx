import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { ListingPage } from '@/components/catalog/listing-page';
import { BuyerOrderList } from '@/components/orders/buyer-order-list';
import { MyOrdersTabs } from '@/components/orders/my-orders-tabs';
import { SignOutButton } from '@/components/orders/sign-out-button';
import { WalletSignIn } from '@/components/orders/wallet-sign-in';
import { buttonClass } from '@/components/ui/button-styles';
import { WatchlistTab } from '@/components/watchlist/watchlist-tab';
import { buyerOrders } from '@/lib/orders/buyer-orders';
import { parseChainConfig } from '@/lib/config';
import { readOrFailed } from '@/lib/read-or-failed';
import { signedInWallet } from '@/lib/sign-in/routes';
import { getStores } from '@/lib/shop/stores';
import { watchlistOfWallet } from '@/lib/watchlist/server';

export const metadata: Metadata = {
  title: 'My Orders',
  description: 'The orders and the watchlist of your wallet at ORX.',
  robots: { index: false, follow: false },
};

/** "My Orders": the signed-in wallet's orders and watchlist, rendered on the server after the session check. */
export default function OrdersPage() {
  return (
    <ListingPage title="My Orders">
      <Suspense fallback={<p role="status" className="text-muted">Loading your orders…</p>}>
        <MyOrders />
      </Suspense>
    </ListingPage>
  );
}

async function MyOrders() {
  // Per request, never prerendered: the session is checked against the clock.
  await connection();
  const wallet = await signedInWallet(await cookies());
  if (!wallet) return <WalletSignIn buttonClassName={buttonClass('primary')} />;
  const { orders, catalog, refunds } = getStores();
  const [list, watchlist] = await Promise.all([
    buyerOrders(wallet, { orders, catalog, refundsOf: refunds.forOrders }),
    readOrFailed(() => watchlistOfWallet(wallet), 'Failed to load the watchlist'),
  ]);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="min-w-0 text-sm text-muted">
          Signed in as <span className="font-mono break-all text-ivory" data-testid="signed-in-wallet">{wallet}</span>
        </p>
        <SignOutButton className={buttonClass('secondary')} />
      </div>
      <MyOrdersTabs orders={<BuyerOrderList orders={list} chain={parseChainConfig(process.env)} />} watchlist={<WatchlistTab read={watchlist} />} />
    </div>
  );
}
