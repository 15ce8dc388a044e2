import type { ReactNode } from 'react';
import { formatDate } from '@/components/orders/buyer-order-list';
import { WatchThumbnail } from '@/components/orders/watch-thumbnail';
import type { ServiceEvent, ServiceHistory } from '@/lib/certificate/verdict';
import { formatDay } from './dates';

export const SERVICE_STATUS_TEXTS = {
  verified: 'Service history verified on chain',
  mismatch: 'Service history does not match what the chain records',
  none: 'No service recorded',
} as const;

/** Whether the chain's hash of the service history is the stored events' own. */
export function ServiceStatusLine({ status }: { status: ServiceHistory['status'] }) {
  const tone = status === 'verified' ? 'text-ok' : status === 'mismatch' ? 'font-semibold text-sold' : 'text-muted';
  return (
    <p data-testid="service-status" className={`text-sm ${tone}`}>
      {SERVICE_STATUS_TEXTS[status]}
    </p>
  );
}

/** The id of an event's title, which its buttons name as what they are about. */
export const serviceEventTitleId = (event: ServiceEvent) => `service-event-${event.id}`;

/**
 * The service events, as /verify and the admin's order dialog show them: the day, who serviced the
 * watch, the work, its photos; the owner's confirmation, or what `action` offers in its place.
 */
export function ServiceEventList({ events, action }: { events: ServiceEvent[]; action?: (event: ServiceEvent) => ReactNode }) {
  if (events.length === 0) return null;
  return (
    <ol aria-label="Service events" className="space-y-3">
      {events.map((event) => {
        const day = formatDay(event.servicedOn);
        return (
          <li key={event.id} data-testid="service-event" className="min-w-0 space-y-2 rounded-lg border border-line bg-raised p-3 text-sm">
            <p id={serviceEventTitleId(event)}>
              <time dateTime={event.servicedOn} className="text-ivory">
                {day}
              </time>
              <span className="text-muted"> · serviced by </span>
              <span className="break-words">{event.servicedBy}</span>
            </p>
            <p className="break-words whitespace-pre-line">{event.work}</p>
            {event.photos.length > 0 ? (
              <ul aria-label={`Photos of the service of ${day}`} className="flex flex-wrap gap-2">
                {event.photos.map((photo, index) => (
                  <li key={`${photo}-${index}`}>
                    <a
                      href={photo}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="block size-20 overflow-hidden rounded border border-line bg-ink hover:border-gold"
                    >
                      <WatchThumbnail src={photo} alt={`Photo ${index + 1} of the service of ${day}`} size={80} />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            {event.confirmation ? (
              <p data-testid="service-confirmed" className="min-w-0 text-ok">
                Confirmed by the owner <span className="font-mono break-all">{event.confirmation.wallet}</span>,{' '}
                <time dateTime={event.confirmation.at}>{formatDate(event.confirmation.at)}</time>
              </p>
            ) : (
              (action?.(event) ?? null)
            )}
          </li>
        );
      })}
    </ol>
  );
}
