import type { Order } from '@/lib/orders/types';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** The orders placed in the shop, newest first (beyond SPEC: DESIGN). */
export function OrdersList({ orders }: { orders: Order[] }) {
  if (orders.length === 0) {
    return <p className="rounded-lg border border-line bg-surface p-8 text-center text-muted">No orders yet</p>;
  }
  return (
    <ul className="space-y-4">
      {orders.map((order) => (
        <li key={order.id} className="rounded-lg border border-line bg-surface p-5">
          <article aria-label={`Order ${order.txHash}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-serif text-lg">
                {order.watch.brand} {order.watch.model}
              </h3>
              <span className="text-sm text-muted">
                <time dateTime={order.createdAt}>{dateTime.format(new Date(order.createdAt))} UTC</time> ·{' '}
                <span className="uppercase tracking-wide text-gold">{order.status}</span>
              </span>
            </div>
            <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
              <Detail term="Customer" value={order.name} />
              <Detail term="Email" value={order.email} />
              <Detail term="Phone" value={order.phone} />
              <Detail term="Address" value={order.address} />
              <Detail term="Paid" value={`${order.solAmount} SOL (≈ $${order.usdAmount.toFixed(2)})`} />
              <Detail term="Wallet" value={order.wallet ?? '—'} />
              <Detail term="Transaction" value={order.txHash ?? '—'} />
            </dl>
          </article>
        </li>
      ))}
    </ul>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex min-w-0 gap-2">
      <dt className="shrink-0 text-muted">{term}</dt>
      <dd className="min-w-0 break-all">{value}</dd>
    </div>
  );
}
