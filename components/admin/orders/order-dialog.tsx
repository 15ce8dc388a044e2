'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { AdminApiError, adminApi } from '@/lib/admin/api-client';
import { orderView } from '@/lib/admin/order-view';
import type { PaymentsMode } from '@/lib/orders/fulfilment';
import type { MoveRequest } from '@/lib/orders/fulfilment-schema';
import type { Order, OrderHistoryEntry } from '@/lib/orders/types';
import { OrderHistory } from './order-history';
import { OrderMoves } from './order-moves';

type Props = { order: Order; payments: PaymentsMode; onClose: () => void; onChanged: (order: Order) => void };

/** One order's fulfilment: its moves and its history, loaded fresh when the dialog opens. */
export function OrderDialog({ order: initial, payments, onClose, onChanged }: Props) {
  const [order, setOrder] = useState(initial);
  const [history, setHistory] = useState<OrderHistoryEntry[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    adminApi.orderDetail(initial.id).then(
      (detail) => {
        if (!current) return;
        setOrder(detail.order);
        setHistory(detail.history);
        onChanged(detail.order);
      },
      (failure: unknown) => current && setError(messageOf(failure, 'Could not load this order. Please try again.')),
    );
    return () => {
      current = false;
    };
  }, [initial.id, onChanged]);

  async function move(request: MoveRequest) {
    setBusy(true);
    setError(null);
    try {
      const detail = await adminApi.moveOrder(order.id, request);
      setOrder(detail.order);
      setHistory(detail.history);
      onChanged(detail.order);
    } catch (failure) {
      setError(messageOf(failure, 'The order could not be changed. Please try again.'));
      // A stale move: show what the order is now, so the operator sees why.
      if (failure instanceof AdminApiError && failure.status === 409) {
        const detail = await adminApi.orderDetail(order.id).catch(() => null);
        if (detail) {
          setOrder(detail.order);
          setHistory(detail.history);
          onChanged(detail.order);
        }
      }
    } finally {
      setBusy(false);
    }
  }

  const view = orderView(order);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/80" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 space-y-5 overflow-y-auto rounded-lg border border-line bg-surface p-5 sm:p-6">
          <Dialog.Title className="font-serif text-xl">
            Order: {order.watch.brand} {order.watch.model}
          </Dialog.Title>
          <Dialog.Description className="text-sm text-muted">
            {order.name} · <span data-testid="order-dialog-status">{view.statusLabel}</span>
            {view.simulated ? ' · Simulated purchase: no SOL was paid' : ''}
            {order.trackingReference ? ` · Tracking ${order.trackingReference}` : ''}
          </Dialog.Description>
          {view.certificate?.status === 'minted' ? (
            <p className="text-sm">
              <a href={`/verify/${view.certificate.mint}`} target="_blank" rel="noopener noreferrer" className="text-gold underline-offset-4 hover:underline">
                Verify the certificate
              </a>
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="rounded border border-sold/40 bg-sold/10 px-3 py-2 text-sm text-sold">
              {error}
            </p>
          ) : null}
          <section aria-labelledby="order-moves" className="space-y-3">
            <h3 id="order-moves" className="font-serif text-lg">
              Fulfilment
            </h3>
            {/* Keyed by status: after a move, the next move's form starts empty. */}
            <OrderMoves key={order.status} order={order} payments={payments} busy={busy || history === null} onMove={move} />
          </section>
          <section aria-labelledby="order-history" className="space-y-3">
            <h3 id="order-history" className="font-serif text-lg">
              History
            </h3>
            <OrderHistory history={history} />
          </section>
          <div className="flex justify-end">
            <Dialog.Close className="rounded border border-line px-4 py-2 text-ivory hover:border-gold">Close</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function messageOf(failure: unknown, fallback: string): string {
  return failure instanceof AdminApiError ? failure.message : fallback;
}
