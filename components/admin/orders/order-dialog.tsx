'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { AdminApiError, adminApi } from '@/lib/admin/api-client';
import type { OrderDetail, RefundDetail } from '@/lib/admin/order-query';
import { orderView } from '@/lib/orders/order-view';
import { hasFailedEvent, isDueSoon } from '@/lib/events/labels';
import type { OrderEvent } from '@/lib/orders/events';
import type { PaymentsMode } from '@/lib/orders/fulfilment';
import type { MoveRequest } from '@/lib/orders/fulfilment-schema';
import type { Order, OrderHistoryEntry } from '@/lib/orders/types';
import type { ExplorerCluster } from '@/lib/wallet/explorer';
import { CertificateSection } from '../certificates/certificate-section';
import { OrderEvents } from './order-events';
import { OrderHistory } from './order-history';
import { OrderMoves } from './order-moves';
import { OrderRefunds } from './order-refunds';

type Props = {
  order: Order;
  /** The run-time RPC endpoint's cluster: the refunds' transaction links, and the merchant's wallet. */
  chain: ExplorerCluster;
  payments: PaymentsMode;
  onClose: () => void;
  /** deliveryFailed: whether one of its messages failed for good (the list flags it). */
  onChanged: (order: Order, deliveryFailed: boolean) => void;
};

/** How often the dialog checks on a message about to be sent. */
const MESSAGE_CHECK_MS = 2000;

/** The dialog's content: the merchant's wallet modal is drawn inside it, or the modal dialog would make it unusable. */
const DIALOG_ID = 'order-dialog';

/** Which section a refusal is shown in: the top of the dialog, or next to the refunds it is about. */
type Failure = { message: string; where: 'top' | 'refunds' };

/** One order's fulfilment: its moves, its refunds, its history and its messages, loaded fresh when the dialog opens. */
export function OrderDialog({ order: initial, chain, payments, onClose, onChanged }: Props) {
  const [order, setOrder] = useState(initial);
  const [history, setHistory] = useState<OrderHistoryEntry[] | null>(null);
  const [events, setEvents] = useState<OrderEvent[] | null>(null);
  const [refunds, setRefunds] = useState<RefundDetail[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  /** The merchant's wallet modal is open, or the wallet is asked to connect or sign: Escape and outside clicks are its. */
  const holdOpen = useRef(false);

  useEffect(() => {
    let current = true;
    adminApi.orderDetail(initial.id).then(
      (detail) => current && show(detail),
      (caught: unknown) => current && setFailure({ message: messageOf(caught, 'Could not load this order. Please try again.'), where: 'top' }),
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
    setRefunds(detail.refunds);
    onChanged(detail.order, hasFailedEvent(detail.events));
  }

  /**
   * One call that answers the order as it then is: busy meanwhile, the answer shown, a refusal shown
   * `where` it belongs. A 409 (changed in the meantime) shows what the order is now, so the operator sees why.
   */
  async function act(work: () => Promise<OrderDetail>, fallback: string, where: Failure['where'] = 'top'): Promise<OrderDetail | null> {
    setBusy(true);
    setFailure(null);
    try {
      const detail = await work();
      show(detail);
      return detail;
    } catch (caught) {
      setFailure({ message: messageOf(caught, fallback), where });
      if (caught instanceof AdminApiError && caught.status === 409) {
        const detail = await adminApi.orderDetail(order.id).catch(() => null);
        if (detail) show(detail);
      }
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function resend(event: OrderEvent) {
    await act(() => adminApi.resendEvent(order.id, event.id), 'The message could not be resent. Please try again.');
  }

  async function move(request: MoveRequest) {
    await act(() => adminApi.moveOrder(order.id, request), 'The order could not be changed. Please try again.');
  }

  // Escape and a click outside belong to the wallet modal while it is open (and to the wallet while it is asked).
  const keepOpen = (event: Event) => {
    if (holdOpen.current) event.preventDefault();
  };

  const view = orderView(order);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        {/* The content sits inside the overlay, untransformed, so the wallet modal's fixed layer covers the screen. */}
        <Dialog.Overlay className="fixed inset-0 z-40 grid place-items-center overflow-y-auto bg-ink/80 p-3">
          <Dialog.Content
            id={DIALOG_ID}
            onEscapeKeyDown={keepOpen}
            onPointerDownOutside={keepOpen}
            className="relative w-full max-w-lg space-y-5 rounded-lg border border-line bg-surface p-5 sm:p-6"
          >
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
            {failure?.where === 'top' ? (
              <p role="alert" className="rounded border border-sold/40 bg-sold/10 px-3 py-2 text-sm text-sold">
                {failure.message}
              </p>
            ) : null}
            <section aria-labelledby="order-moves" className="space-y-3">
              <h3 id="order-moves" className="font-serif text-lg">
                Fulfilment
              </h3>
              {/* Keyed by status: after a move, the next move's form starts empty. */}
              <OrderMoves key={order.status} order={order} payments={payments} busy={busy || history === null} onMove={move} />
            </section>
            <section aria-labelledby="order-refunds" className="space-y-3">
              <h3 id="order-refunds" className="font-serif text-lg">
                Refunds
              </h3>
              <OrderRefunds
                order={order}
                refunds={refunds}
                chain={chain}
                busy={busy}
                act={(work, fallback) => act(work, fallback, 'refunds')}
                error={failure?.where === 'refunds' ? failure.message : null}
                onDetail={show}
                onHoldOpen={(hold) => {
                  holdOpen.current = hold;
                }}
                walletContainer={`#${DIALOG_ID}`}
              />
            </section>
            {view.certificate?.status === 'minted' ? (
              <section aria-labelledby="order-certificate" className="space-y-3">
                <h3 id="order-certificate" className="font-serif text-lg">
                  Certificate
                </h3>
                <CertificateSection mint={view.certificate.mint} />
              </section>
            ) : null}
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
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function messageOf(failure: unknown, fallback: string): string {
  return failure instanceof AdminApiError ? failure.message : fallback;
}
