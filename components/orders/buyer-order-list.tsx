import type { BuyerOrder } from '@/lib/orders/buyer-orders';
import { WatchThumbnail } from './watch-thumbnail';
import type { ExplorerCluster } from '@/lib/wallet/explorer';
import { explorerAddressUrl, solscanTransactionUrl } from '@/lib/wallet/explorer';

const TONE_CLASS = { ok: 'text-ok', waiting: 'text-gold', problem: 'text-sold', muted: 'text-muted' } as const;

export const formatDate = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

/** The signed-in wallet's orders, newest first (the server sorted them). */
export function BuyerOrderList({ orders, chain }: { orders: BuyerOrder[]; chain: ExplorerCluster }) {
  if (orders.length === 0) {
    return <p className="rounded-xl border border-line bg-surface p-6 text-muted">This wallet has no orders yet.</p>;
  }
  return (
    <ol className="space-y-5" aria-label="Your orders">
      {orders.map((order) => (
        <li key={order.id} className="grid gap-5 rounded-xl border border-line bg-surface p-5 sm:grid-cols-[8rem_1fr]" data-testid="buyer-order">
          <div className="aspect-square w-32 overflow-hidden rounded-lg bg-ink">
            <WatchThumbnail src={order.watch.image} alt={`${order.watch.brand} ${order.watch.model}`} size={128} />
          </div>
          <div className="min-w-0 space-y-2">
            <h2 className="font-serif text-2xl">
              {order.watch.brand} {order.watch.model}
            </h2>
            <p>
              <span className={`font-medium ${TONE_CLASS[order.tone]}`} data-testid="buyer-order-status">
                {order.statusLabel}
              </span>
              {order.simulated ? <span className="text-muted"> · Simulated purchase: no SOL was paid</span> : null}
            </p>
            <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
              <dt className="text-muted">Paid</dt>
              <dd>
                {order.currency === 'USDC' ? `${order.amount} USDC (${order.amountSol} SOL)` : `${order.amountSol} SOL ($${order.usdAmount.toFixed(2)})`}
              </dd>
              <dt className="text-muted">Ordered</dt>
              <dd>{formatDate(order.createdAt)}</dd>
              {order.paidAt ? (
                <>
                  <dt className="text-muted">Payment confirmed</dt>
                  <dd>{formatDate(order.paidAt)}</dd>
                </>
              ) : null}
              {order.trackingReference ? (
                <>
                  <dt className="text-muted">Tracking reference</dt>
                  <dd className="font-mono break-all">{order.trackingReference}</dd>
                </>
              ) : null}
              {order.signature ? (
                <>
                  <dt className="text-muted">Transaction</dt>
                  <dd className="min-w-0">
                    <a href={solscanTransactionUrl(order.signature, chain)} target="_blank" rel="noopener noreferrer" className="font-mono break-all text-gold underline-offset-4 hover:underline">
                      {order.signature}
                    </a>
                  </dd>
                </>
              ) : null}
              {order.certificate ? (
                <>
                  <dt className="text-muted">NFT certificate</dt>
                  <dd className="min-w-0">
                    {order.certificate.status === 'minted' ? (
                      <>
                        <a href={explorerAddressUrl(order.certificate.mint, chain)} target="_blank" rel="noopener noreferrer" className="block font-mono break-all text-gold underline-offset-4 hover:underline">
                          {order.certificate.mint}
                        </a>
                        <a href={`/verify/${order.certificate.mint}`} className="text-gold underline-offset-4 hover:underline">
                          Verify the certificate
                        </a>
                      </>
                    ) : (
                      <span className="text-muted">Pending: it is minted to your wallet shortly.</span>
                    )}
                  </dd>
                </>
              ) : null}
            </dl>
            {order.refunds.length > 0 ? (
              <ul aria-label="Refunds" className="space-y-1 text-sm">
                {order.refunds.map((refund) => (
                  <li key={refund.id} data-testid="buyer-refund" className="min-w-0">
                    <span className="text-ok">
                      Refunded {refund.amount} {refund.currency}
                    </span>
                    {refund.sentAt ? <span className="text-muted"> on {formatDate(refund.sentAt)}</span> : null}
                    <span className="text-muted">: </span>
                    <a
                      href={solscanTransactionUrl(refund.signature, chain)}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`Refund transaction ${refund.signature}`}
                      className="font-mono break-all text-gold underline-offset-4 hover:underline"
                    >
                      {refund.signature}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            {order.refundDue ? (
              <p className="rounded-lg border border-sold/40 bg-sold/10 px-3 py-2 text-sm text-sold">
                Your payment arrived after this order had closed: the shop owes you a refund and will send it to this wallet.
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
