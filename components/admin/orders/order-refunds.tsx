'use client';

import { useEffect, useRef, useState } from 'react';
import { adminApi } from '@/lib/admin/api-client';
import type { OrderDetail, RefundDetail } from '@/lib/admin/order-query';
import type { Refund, RefundState } from '@/lib/orders/refund';
import type { Order } from '@/lib/orders/types';
import type { RefundRequest } from '@/lib/refunds/schema';
import { refundRefusal } from '@/lib/refunds/rules';
import { solscanTransactionUrl, type ExplorerCluster } from '@/lib/wallet/explorer';
import { dateTime } from './order-card';
import { OpenRefund, type PaymentProgress } from './open-refund';
import { RefundForm } from './refund-form';
import {
  CONFIRM_CHECK_MS,
  CONFIRM_WAIT_MS,
  notFinalMessage,
  WALLET_LOAD_FAILED_MESSAGE,
  type RefundPaymentRequest,
  type RefundWalletEvents,
  type WalletPhase,
} from './refund-payment';

/** The wallet adapter's chunk, once the first "Pay with a connected wallet" has fetched it. */
type WalletModule = typeof import('./refund-wallet');

/** The dialog's call for a refund: busy meanwhile, the order it answers shown; null when refused (the refusal shown in this section). */
export type RefundsAct = (work: () => Promise<OrderDetail>, fallback: string) => Promise<OrderDetail | null>;

type Props = {
  order: Order;
  /** Oldest first; null while the order's detail loads. */
  refunds: RefundDetail[] | null;
  chain: ExplorerCluster;
  busy: boolean;
  act: RefundsAct;
  /** The last refusal of a refund call, shown in this section. */
  error: string | null;
  /** Shows the order as a background check found it. */
  onDetail: (detail: OrderDetail) => void;
  /** The wallet modal is open or the wallet is asked for something: the dialog keeps Escape and outside clicks for it. */
  onHoldOpen: (hold: boolean) => void;
  /** The selector of the dialog's content, where the wallet modal is drawn. */
  walletContainer: string;
};

/** While a refund is open, it is looked for on chain this often, so the operator sees it turn sent (a phone wallet's payment too). */
const REFUND_CHECK_MS = 5000;

const STATE_LABELS: Record<RefundState, string> = {
  open: 'Waiting for the transfer',
  sent: 'Sent',
  cancelled: 'Cancelled',
  expired: 'Expired unpaid',
};
const STATE_TONES: Record<RefundState, string> = {
  open: 'border-gold/50 text-gold',
  sent: 'border-ok/50 text-ok',
  cancelled: 'border-line text-muted',
  expired: 'border-line text-muted',
};

/** A payment from the connected wallet, per refund: the wallet's steps, then the server's confirmation. */
type Payment = { refundId: string } & (
  { phase: 'loading' | WalletPhase } | { phase: 'confirming' | 'unconfirmed'; signature: string } | { phase: 'failed'; message: string }
);

const WALLET_STEPS: readonly Payment['phase'][] = ['loading', 'choosing', 'connecting', 'approving'];

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The order's refunds (issue 51): each with its state, reason and who opened it; a sent one with
 * its transaction; an open one with the request that pays it. "Open a refund" while the order can
 * still give some back. Paying from a connected wallet loads the wallet adapter on that press.
 */
export function OrderRefunds({ order, refunds, chain, busy, act, error, onDetail, onHoldOpen, walletContainer }: Props) {
  const [wallet, setWallet] = useState<WalletModule | null>(null);
  const [request, setRequest] = useState<RefundPaymentRequest | null>(null);
  const [payment, setPayment] = useState<Payment | null>(null);
  /** What "Check now" found, under its refund. */
  const [checked, setChecked] = useState<{ refundId: string; text: string } | null>(null);
  /** A refund that turned sent while this dialog watched it. */
  const [announcement, setAnnouncement] = useState('');
  const [tick, setTick] = useState(0);
  const requests = useRef(0);
  const alive = useRef(false);
  const latest = useRef({ onDetail, busy });

  useEffect(() => {
    latest.current = { onDetail, busy };
  });
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const walletBusy = payment !== null && WALLET_STEPS.includes(payment.phase);
  const confirming = payment?.phase === 'confirming';
  const openIds = (refunds ?? []).flatMap((refund) => (refund.state === 'open' ? [refund.id] : [])).join(' ');

  // An open refund is looked for on chain every few seconds (the worker does too, less often), unless
  // a payment just sent is being checked every two seconds already.
  useEffect(() => {
    if (!openIds || confirming) return;
    let current = true;
    const timer = setTimeout(async () => {
      for (const id of openIds.split(' ')) {
        const detail = await adminApi.verifyRefund(order.id, id).catch(() => null);
        if (!current) return;
        // A press under way answers with the order as it then is; this look may be older.
        if (detail && !latest.current.busy) latest.current.onDetail(detail);
      }
      setTick((count) => count + 1);
    }, REFUND_CHECK_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [openIds, confirming, order.id, tick]);

  /** The refund a transfer was sent for, asked about every two seconds until the server sees it final. */
  async function confirmSent(refund: Refund, signature: string) {
    setPayment({ refundId: refund.id, phase: 'confirming', signature });
    const deadline = Date.now() + CONFIRM_WAIT_MS;
    for (;;) {
      const detail = await adminApi.verifyRefund(order.id, refund.id).catch(() => null);
      if (!alive.current) return;
      const now = detail?.refunds.find((each) => each.id === refund.id);
      if (detail) latest.current.onDetail(detail);
      if (now && now.state !== 'open') {
        setPayment(null);
        setAnnouncement(
          now.state === 'sent'
            ? `The refund of ${now.amount} ${now.currency} was sent.`
            : `The refund was ${now.state} meanwhile, though the wallet sent transaction ${signature}: look it up on the explorer.`,
        );
        return;
      }
      if (Date.now() >= deadline) {
        setPayment({ refundId: refund.id, phase: 'unconfirmed', signature });
        return;
      }
      await wait(CONFIRM_CHECK_MS);
    }
  }

  async function pay(refund: RefundDetail) {
    setChecked(null);
    setAnnouncement('');
    setPayment({ refundId: refund.id, phase: 'loading' });
    let loaded = wallet;
    if (!loaded) {
      try {
        loaded = await import('./refund-wallet');
      } catch (failure) {
        console.error('Loading the wallet failed', failure);
        if (alive.current) setPayment({ refundId: refund.id, phase: 'failed', message: WALLET_LOAD_FAILED_MESSAGE });
        return;
      }
      if (!alive.current) return;
      setWallet(loaded);
    }
    setRequest({ id: ++requests.current, refund });
  }

  const walletEvents: RefundWalletEvents = {
    onPhase: (from, phase) => setPayment({ refundId: from.refund.id, phase }),
    onSent: (from, signature) => void confirmSent(from.refund, signature),
    onFailed: (from, message) => setPayment({ refundId: from.refund.id, phase: 'failed', message }),
    onHoldOpen,
  };

  async function check(refund: RefundDetail) {
    setChecked(null);
    const detail = await act(() => adminApi.verifyRefund(order.id, refund.id), 'The refund could not be checked. Please try again.');
    const now = detail?.refunds.find((each) => each.id === refund.id);
    if (now?.state === 'open') {
      setChecked({ refundId: refund.id, text: `Checked at ${time.format(new Date())} UTC: no final transfer pays it yet.` });
    } else if (now?.state === 'sent') {
      setAnnouncement(`The refund of ${now.amount} ${now.currency} was sent.`);
    }
  }

  const cancel = (refund: RefundDetail) => {
    setChecked(null);
    void act(() => adminApi.cancelRefund(order.id, refund.id), 'The refund could not be cancelled. Please try again.');
  };

  const open = async (asked: RefundRequest) => {
    setAnnouncement('');
    const detail = await act(async () => {
      await adminApi.openRefund(order.id, asked);
      return adminApi.orderDetail(order.id);
    }, 'The refund could not be opened. Please try again.');
    return detail !== null;
  };

  function progressOf(refund: RefundDetail): PaymentProgress | null {
    if (payment?.refundId === refund.id) {
      switch (payment.phase) {
        case 'loading':
          return { kind: 'status', text: 'Loading the wallet...' };
        case 'choosing':
          return { kind: 'status', text: 'Choose the wallet to pay the refund from.' };
        case 'connecting':
          return { kind: 'status', text: 'Connecting the wallet...' };
        case 'approving':
          return { kind: 'status', text: `Approve the transfer of ${refund.amount} ${refund.currency} in your wallet.` };
        case 'confirming':
          return { kind: 'sending', text: `Transfer sent (signature ${payment.signature}). Waiting for the network to finalize it...` };
        case 'unconfirmed':
          return { kind: 'status', text: notFinalMessage(payment.signature) };
        case 'failed':
          return { kind: 'problem', text: payment.message };
      }
    }
    return checked?.refundId === refund.id ? { kind: 'status', text: checked.text } : null;
  }

  if (refunds === null) return <p className="text-sm text-muted">Loading refunds...</p>;
  const refusal = refundRefusal(order);
  return (
    <div className="space-y-4">
      {error ? (
        <p role="alert" className="rounded border border-sold/40 bg-sold/10 px-3 py-2 text-sm text-sold">
          {error}
        </p>
      ) : null}
      <p role="status" className="text-sm text-ok">
        {announcement}
      </p>
      {refunds.length === 0 ? (
        <p className="text-sm text-muted">No refunds yet</p>
      ) : (
        <ol aria-label="Refunds" className="space-y-2 text-sm">
          {refunds.map((refund) => (
            <li
              key={refund.id}
              aria-label={`Refund of ${refund.amount} ${refund.currency}`}
              className="space-y-2 rounded border border-line bg-raised px-3 py-2"
            >
              <p className="flex flex-wrap items-center gap-2">
                <span className="text-ivory">
                  {refund.amount} {refund.currency}
                </span>
                <span data-testid="refund-state" className={`rounded-full border px-2 py-0.5 text-xs uppercase ${STATE_TONES[refund.state]}`}>
                  {STATE_LABELS[refund.state]}
                </span>
              </p>
              <p className="text-muted">
                Opened by {refund.createdBy}, <time dateTime={refund.createdAt}>{dateTime.format(new Date(refund.createdAt))} UTC</time>
              </p>
              <p className="break-words">
                <span className="text-muted">Reason:</span> {refund.reason}
              </p>
              <RefundOutcome refund={refund} chain={chain} />
              {refund.state === 'open' ? (
                <OpenRefund
                  orderId={order.id}
                  refund={refund}
                  busy={busy}
                  walletBusy={walletBusy}
                  progress={progressOf(refund)}
                  onPay={() => void pay(refund)}
                  onCheck={() => void check(refund)}
                  onCancel={() => cancel(refund)}
                />
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {refusal === null ? (
        <RefundForm order={order} refunds={refunds} busy={busy} onOpen={open} />
      ) : order.status !== 'refunded' ? (
        <p className="text-sm text-muted">{refusal.endsWith('.') ? refusal : `${refusal}.`}</p>
      ) : null}
      {wallet ? <wallet.RefundWallet chain={chain} container={walletContainer} request={request} {...walletEvents} /> : null}
    </div>
  );
}

const time = new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium', timeZone: 'UTC' });

/** A sent refund's transaction; when a cancelled or expired one ended. */
function RefundOutcome({ refund, chain }: { refund: RefundDetail; chain: ExplorerCluster }) {
  if (refund.state === 'sent' && refund.signature) {
    return (
      <p className="min-w-0">
        <span className="text-muted">
          Sent
          {refund.sentAt ? (
            <>
              {' '}
              <time dateTime={refund.sentAt}>{dateTime.format(new Date(refund.sentAt))} UTC</time>
            </>
          ) : null}
          :
        </span>{' '}
        <a
          href={solscanTransactionUrl(refund.signature, chain)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="refund-signature"
          className="font-mono break-all text-gold underline-offset-4 hover:text-gold-bright hover:underline"
        >
          {refund.signature}
        </a>
      </p>
    );
  }
  if ((refund.state === 'cancelled' || refund.state === 'expired') && refund.endedAt) {
    return (
      <p className="text-muted">
        {refund.state === 'cancelled' ? 'Cancelled' : 'Expired unpaid'}{' '}
        <time dateTime={refund.endedAt}>{dateTime.format(new Date(refund.endedAt))} UTC</time>
      </p>
    );
  }
  return null;
}
