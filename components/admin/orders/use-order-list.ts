'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { adminApi } from '@/lib/admin/api-client';
import type { OrderFilter } from '@/lib/admin/order-query';
import type { Order } from '@/lib/orders/types';

export type OrderListState = {
  orders: Order[];
  hasMore: boolean;
  /** The ids of the orders shown with a message that failed for good. */
  failedDeliveries: string[];
  loading: 'first' | 'more' | null;
  error: string | null;
};

/**
 * The admin orders list, one server page at a time: a new filter starts again from the first
 * page; "Load More Orders" appends the next. An order already shown is not shown twice when new
 * orders arrived in between and shifted the pages.
 */
export function useOrderList(filter: OrderFilter) {
  const [state, setState] = useState<OrderListState>({
    orders: [],
    hasMore: false,
    failedDeliveries: [],
    loading: 'first',
    error: null,
  });
  // Only the latest request may answer: a slow page of an earlier filter must not replace a newer one.
  const latest = useRef(0);

  const load = useCallback(
    async (offset: number, shown: Order[], failedShown: string[]) => {
      const request = ++latest.current;
      setState((old) => ({ ...old, loading: offset === 0 ? 'first' : 'more', error: null }));
      try {
        const page = await adminApi.listOrders(filter, offset);
        if (request !== latest.current) return;
        const known = new Set(shown.map((order) => order.id));
        setState({
          orders: [...shown, ...page.orders.filter((order) => !known.has(order.id))],
          hasMore: page.hasMore,
          failedDeliveries: [...new Set([...failedShown, ...page.failedDeliveries])],
          loading: null,
          error: null,
        });
      } catch (error) {
        if (request !== latest.current) return;
        console.error('Failed to load orders', error);
        setState((old) => ({ ...old, loading: null, error: 'The orders could not be loaded. Please try again.' }));
      }
    },
    [filter],
  );

  useEffect(() => {
    // The first page of this filter, fetched when it changes: load marks the list as loading at
    // once so the old filter's orders are not shown as if they matched the new one.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load(0, [], []);
  }, [load]);

  const replace = useCallback(
    (changed: Order, deliveryFailed: boolean) =>
      setState((old) => ({
        ...old,
        orders: old.orders.map((order) => (order.id === changed.id ? changed : order)),
        failedDeliveries: [...old.failedDeliveries.filter((id) => id !== changed.id), ...(deliveryFailed ? [changed.id] : [])],
      })),
    [],
  );

  return {
    ...state,
    loadMore: () => load(state.orders.length, state.orders, state.failedDeliveries),
    retry: () => load(0, [], []),
    replace,
  };
}
