import { createHash } from 'node:crypto';
import type { ServiceEvent, ServiceHistory } from './verdict';

/** The Token-2022 metadata field that carries the service history's SHA-256 (hex). */
export const SERVICE_HISTORY_FIELD = 'service_history_sha256';

/**
 * The SHA-256 of a certificate's service events, as the chain records it: the events by day then
 * id, each as [id, day, who serviced it, what was done, photos], in JSON. The holder's acceptance
 * is not in it (it is a signature anyone can check, and writing the chain again for each would
 * cost the shop a transaction). Null for no events: a certificate never serviced has no field.
 */
export function serviceHistoryHash(events: readonly ServiceEvent[]): string | null {
  if (events.length === 0) return null;
  const ordered = [...events].sort((a, b) => a.servicedOn.localeCompare(b.servicedOn) || a.id.localeCompare(b.id));
  const canonical = JSON.stringify(ordered.map((event) => [event.id, event.servicedOn, event.servicedBy, event.work, event.photos]));
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/** The stored events against the hash the chain carries. */
export function serviceHistory(events: ServiceEvent[], chainHash: string | null): ServiceHistory {
  const storedHash = serviceHistoryHash(events);
  const status = storedHash === null && chainHash === null ? 'none' : storedHash === chainHash ? 'verified' : 'mismatch';
  return { status, chainHash, storedHash, events };
}
