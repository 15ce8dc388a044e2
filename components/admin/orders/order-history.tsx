import { STATUS_LABELS } from '@/lib/orders/fulfilment';
import type { OrderHistoryEntry } from '@/lib/orders/types';
import { dateTime } from './order-card';

/** Who moved the order, when, from what to what, with the tracking reference or note of the move. */
export function OrderHistory({ history }: { history: OrderHistoryEntry[] | null }) {
  if (history === null) return <p className="text-sm text-muted">Loading history...</p>;
  if (history.length === 0) return <p className="text-sm text-muted">No changes yet</p>;
  return (
    <ol aria-label="Order history" className="space-y-2 text-sm">
      {history.map((entry) => (
        <li key={entry.id} className="rounded border border-line bg-raised px-3 py-2">
          <p>
            <span className="text-ivory">
              {STATUS_LABELS[entry.from]} → {STATUS_LABELS[entry.to]}
            </span>{' '}
            <span className="text-muted">
              by {entry.actor}, <time dateTime={entry.at}>{dateTime.format(new Date(entry.at))} UTC</time>
            </span>
          </p>
          {entry.trackingReference ? <p className="text-muted">Tracking: {entry.trackingReference}</p> : null}
          {entry.note ? <p className="break-words text-muted">Note: {entry.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
