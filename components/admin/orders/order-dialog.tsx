'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { AdminApiError, adminApi } from '@/lib/admin/api-client';
import type { OrderDetail } from '@/lib/admin/order-query';
import { orderView } from '@/lib/orders/order-view';
import { hasFailedEvent, isDueSoon } from '@/lib/events/labels';
import type { OrderEvent } from '@/lib/orders/events';
import type { PaymentsMode } from '@/lib/orders/fulfilment';
import type { MoveRequest } from '@/lib/orders/fulfilment-schema';
import type { Order, OrderHistoryEntry } from '@/lib/orders/types';
import { OrderEvents } from './order-events';
import { OrderHistory } from './order-history';
import { OrderMoves } from './order-moves';

type Props = {
  order: Order;
  payments: PaymentsMode;
  onClose: () => void;
  /** deliveryFailed: whether one of its messages failed for good (the list flags it). */
  onChanged: (order: Order, deliveryFailed: boolean) => void;
};

/** How often the dialog checks on a message about to be sent. */
const MESSAGE_CHECK_MS = 2000;

/** One order's fulfilment: its moves, its history and its messages, loaded fresh when the dialog opens. */
export function OrderDialog({ order: initial, payments, onClose, onChanged }: Props) {
  const [order, setOrder] = useState(initial);
  const [history, setHistory] = useState<OrderHistoryEntry[] | null>(null);
  const [events, setEvents] = useState<OrderEvent[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    adminApi.orderDetail(initial.id).then(
      (detail) => current && show(detail),
      (failure: unknown) => current && setError(messageOf(failure, 'Could not load this order. Please try again.')),
    );
    return () => {
      current = false;
    };
    // show() only sets state and tells the list; it changes with onChanged, which the deps hold.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial.id, onChanged]);

  // A message about to be sent (a Resend, a retry due soon) is checked on until it has gone.
  const waiting = events?.some((event) => isDueSoon(event)) ?? false;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      adminApi.orderDetail(order.id).then(show, () => undefined);
    }, MESSAGE_CHECK_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, events, order.id]);

  function show(detail: OrderDetail) {
    setOrder(detail.order);
    setHistory(detail.history);
    setEvents(detail.events);
    onChanged(detail.order, hasFailedEvent(detail.events));
  }

  async function resend(event: OrderEvent) {
    setBusy(true);
    setError(null);
    try {
      show(await adminApi.resendEvent(order.id, event.id));
    } catch (failure) {
      setError(messageOf(failure, 'The message could not be resent. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  async function move(request: MoveRequest) {
    setBusy(true);
    setError(null);
    try {
      show(await adminApi.moveOrder(order.id, request));
    } catch (failure) {
      setError(messageOf(failure, 'The order could not be changed. Please try again.'));
      // A stale move: show what the order is now, so the operator sees why.
      if (failure instanceof AdminApiError && failure.status === 409) {
        const detail = await adminApi.orderDetail(order.id).catch(() => null);
        if (detail) show(detail);
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
          <section aria-labelledby="order-messages" className="space-y-3">
            <h3 id="order-messages" className="font-serif text-lg">
              Messages
            </h3>
            <OrderEvents events={events} busy={busy} onResend={resend} />
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
