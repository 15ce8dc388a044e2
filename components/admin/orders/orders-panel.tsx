'use client';

import { useCallback, useState } from 'react';
import type { OrderFilter } from '@/lib/admin/order-query';
import type { PaymentsMode } from '@/lib/orders/fulfilment';
import type { Order } from '@/lib/orders/types';
import type { ExplorerCluster } from '@/lib/wallet/explorer';
import { RetryAlert } from '../retry-alert';
import { OrderCard } from './order-card';
import { OrderDialog } from './order-dialog';
import { OrderFilters } from './order-filters';
import { useOrderList } from './use-order-list';

type Props = { chain: ExplorerCluster; payments: PaymentsMode };

/** The Orders tab (issue 14): filter, search, page through and fulfil the shop's orders. */
export function OrdersPanel({ chain, payments }: Props) {
  const [filter, setFilter] = useState<OrderFilter>({ status: '', q: '' });
  const [managing, setManaging] = useState<Order | null>(null);
  const list = useOrderList(filter);
  const { replace } = list;
  const changed = useCallback((order: Order, deliveryFailed: boolean) => replace(order, deliveryFailed), [replace]);
  const filtered = filter.status !== '' || filter.q.trim() !== '';

  return (
    <div className="space-y-4">
      <h2 className="font-serif text-xl">Orders</h2>
      <OrderFilters filter={filter} onChange={setFilter} />
      <div aria-live="polite" aria-busy={list.loading !== null} className="space-y-4">
        {list.error ? <RetryAlert message={list.error} onRetry={list.retry} /> : null}
        {list.loading === 'first' ? (
          <p className="rounded-lg border border-line bg-surface p-8 text-center text-muted">Loading orders...</p>
        ) : list.orders.length === 0 && !list.error ? (
          <p className="rounded-lg border border-line bg-surface p-8 text-center text-muted">
            {filtered ? 'No orders match these filters' : 'No orders yet'}
          </p>
        ) : (
          <ul className="space-y-4">
            {list.orders.map((order) => (
              <li key={order.id}>
                <OrderCard
                  order={order}
                  chain={chain}
                  deliveryFailed={list.failedDeliveries.includes(order.id)}
                  onManage={setManaging}
                />
              </li>
            ))}
          </ul>
        )}
        {list.loading !== 'first' && list.orders.length > 0 ? (
          <p className="text-sm text-muted">
            Showing {list.orders.length} {list.orders.length === 1 ? 'order' : 'orders'}
            {list.hasMore ? '' : ' (all)'}
          </p>
        ) : null}
        {list.hasMore && list.loading !== 'first' ? (
          <button
            type="button"
            onClick={list.loadMore}
            disabled={list.loading === 'more'}
            className="w-full rounded border border-gold px-4 py-2 text-gold hover:text-gold-bright disabled:opacity-60 sm:w-auto"
          >
            {list.loading === 'more' ? 'Loading...' : 'Load More Orders'}
          </button>
        ) : null}
      </div>
      {managing ? (
        <OrderDialog order={managing} chain={chain} payments={payments} onClose={() => setManaging(null)} onChanged={changed} />
      ) : null}
    </div>
  );
}
