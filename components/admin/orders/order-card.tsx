import type { ReactNode } from 'react';
import { orderView, type OrderTone } from '@/lib/orders/order-view';
import type { Order } from '@/lib/orders/types';
import { explorerAddressUrl, solscanTransactionUrl, type ExplorerCluster } from '@/lib/wallet/explorer';

export const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

const TONES: Record<OrderTone, string> = {
  ok: 'border-ok/50 text-ok',
  waiting: 'border-gold/50 text-gold',
  problem: 'border-sold/50 text-sold',
  muted: 'border-line text-muted',
};

const LINK = 'break-all text-gold underline-offset-4 hover:text-gold-bright hover:underline';
const BADGE = 'rounded-full border px-2.5 py-0.5 text-xs tracking-wide uppercase';

type Props = {
  order: Order;
  chain: ExplorerCluster;
  /** One of its messages (webhook, e-mail) failed for good: the operator should look. */
  deliveryFailed?: boolean;
  onManage: (order: Order) => void;
};

/** One order (beyond SPEC: DESIGN), with its payment and certificate on the explorer. */
export function OrderCard({ order, chain, deliveryFailed = false, onManage }: Props) {
  const view = orderView(order);
  return (
    <article aria-label={`Order ${order.txHash ?? order.id}`} className="rounded-lg border border-line bg-surface p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-serif text-lg">
          {order.watch.brand} {order.watch.model}
        </h3>
        <span className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <time dateTime={order.createdAt}>{dateTime.format(new Date(order.createdAt))} UTC</time>
          <span data-testid="order-status" className={`${BADGE} ${TONES[view.tone]}`}>
            {view.statusLabel}
          </span>
          {view.simulated && view.statusLabel !== 'Simulated' ? (
            <span className={`${BADGE} border-line text-muted`} title="Simulated purchase: no SOL was paid">
              Simulated
            </span>
          ) : null}
          {view.refundDue ? <span className={`${BADGE} border-sold bg-sold/15 text-sold`}>Refund due</span> : null}
          {deliveryFailed ? (
            <span data-testid="order-delivery-failed" className={`${BADGE} border-sold bg-sold/15 text-sold`}>
              Message failed
            </span>
          ) : null}
        </span>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <Detail term="Customer">{order.name}</Detail>
        <Detail term="Email">{order.email}</Detail>
        <Detail term="Phone">{order.phone}</Detail>
        <Detail term="Address">{order.address}</Detail>
        <Detail term="Amount">{`${view.currency === 'USDC' ? `${view.amount} USDC (${view.amountSol} SOL)` : `${view.amountSol} SOL (≈ $${order.usdAmount.toFixed(2)})`}${view.simulated ? ', simulated' : ''}`}</Detail>
        <Detail term="Wallet">{order.wallet ?? '—'}</Detail>
        <Detail term="Transaction">
          {view.signature ? (
            <a href={solscanTransactionUrl(view.signature, chain)} target="_blank" rel="noopener noreferrer" className={LINK}>
              {view.signature}
            </a>
          ) : (
            (order.txHash ?? '—')
          )}
        </Detail>
        <Detail term="Certificate">
          {view.certificate?.status === 'minted' ? (
            <a href={explorerAddressUrl(view.certificate.mint, chain)} target="_blank" rel="noopener noreferrer" className={LINK}>
              {view.certificate.mint}
            </a>
          ) : view.certificate ? (
            order.certificateFailure ? (
              `Certificate pending: ${order.certificateAttempts} failed attempt${order.certificateAttempts === 1 ? '' : 's'}, retried automatically. Last error: ${order.certificateFailure}`
            ) : (
              'Certificate pending'
            )
          ) : (
            '—'
          )}
        </Detail>
        {order.trackingReference ? <Detail term="Tracking">{order.trackingReference}</Detail> : null}
        {order.refundNote ? <Detail term="Refund note">{order.refundNote}</Detail> : null}
        {order.failure ? <Detail term="Why it failed">{order.failure}</Detail> : null}
      </dl>
      <button
        type="button"
        onClick={() => onManage(order)}
        aria-label={`Manage order of ${order.name} for ${order.watch.model}`}
        className="mt-4 rounded border border-gold px-3 py-1.5 text-sm text-gold hover:text-gold-bright"
      >
        Manage order
      </button>
    </article>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-2">
      <dt className="shrink-0 text-muted">{term}</dt>
      <dd className="min-w-0 break-all">{children}</dd>
    </div>
  );
}
