import { canResend, CHANNEL_LABELS, DELIVERY_STATE_LABELS, EVENT_LABELS } from '@/lib/events/labels';
import type { DeliveryState, OrderEvent } from '@/lib/orders/events';
import { dateTime } from './order-card';

const STATE_TONES: Record<DeliveryState, string> = {
  pending: 'border-gold/50 text-gold',
  delivered: 'border-ok/50 text-ok',
  failed: 'border-sold bg-sold/15 text-sold',
  skipped: 'border-line text-muted',
};

type Props = { events: OrderEvent[] | null; busy: boolean; onResend: (event: OrderEvent) => void };

/** The messages the order caused (webhook and e-mail to the buyer), how each went, and Resend. */
export function OrderEvents({ events, busy, onResend }: Props) {
  if (events === null) return <p className="text-sm text-muted">Loading messages...</p>;
  if (events.length === 0) return <p className="text-sm text-muted">No messages yet</p>;
  return (
    <ul aria-label="Messages" className="space-y-2 text-sm">
      {events.map((event) => {
        const name = `${EVENT_LABELS[event.type]}, ${CHANNEL_LABELS[event.channel]}`;
        return (
          <li key={event.id} aria-label={name} className="space-y-1 rounded border border-line bg-raised px-3 py-2">
            <p className="flex flex-wrap items-center gap-2">
              <span className="text-ivory">{EVENT_LABELS[event.type]}</span>
              <span className="text-muted">{CHANNEL_LABELS[event.channel]}</span>
              <span data-testid="event-state" className={`rounded-full border px-2 py-0.5 text-xs uppercase ${STATE_TONES[event.state]}`}>
                {DELIVERY_STATE_LABELS[event.state]}
              </span>
            </p>
            <p className="text-muted">
              {event.attempts} {event.attempts === 1 ? 'attempt' : 'attempts'}
              {event.lastStatus !== null ? `, last answer ${event.lastStatus}` : ''}
              {event.state === 'delivered' && event.deliveredAt ? (
                <>
                  , delivered <time dateTime={event.deliveredAt}>{dateTime.format(new Date(event.deliveredAt))} UTC</time>
                </>
              ) : null}
              {event.state === 'pending' && event.attempts > 0 ? (
                <>
                  , next attempt <time dateTime={event.nextAttemptAt}>{dateTime.format(new Date(event.nextAttemptAt))} UTC</time>
                </>
              ) : null}
            </p>
            {event.lastError && event.state !== 'delivered' ? (
              <p data-testid="event-error" className="break-words text-sold">
                {event.lastError}
              </p>
            ) : null}
            {canResend(event) ? (
              <button
                type="button"
                disabled={busy}
                onClick={() => onResend(event)}
                aria-label={`Resend: ${name}`}
                className="rounded border border-gold px-3 py-1 text-gold hover:text-gold-bright disabled:opacity-60"
              >
                Resend
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
