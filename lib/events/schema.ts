import { z } from '@/lib/zod';
import { toOrder } from '@/lib/orders/schema';
import { REPORT_KINDS } from '@/lib/certificate/verdict';
import { toRefund } from '@/lib/refunds/schema';
import { DELIVERY_CHANNELS, DELIVERY_STATES, ORDER_EVENT_TYPES, type AttemptResult, type ClaimedEvent, type EventReport, type OrderEvent } from '@/lib/orders/events';

const time = z.union([z.date(), z.string()]).transform((value) => new Date(value).toISOString());

const eventRowSchema = z
  .object({
    id: z.string(),
    order_id: z.string(),
    type: z.enum(ORDER_EVENT_TYPES),
    channel: z.enum(DELIVERY_CHANNELS),
    state: z.enum(DELIVERY_STATES),
    attempts: z.number(),
    next_attempt_at: time,
    last_status: z.number().nullable(),
    last_error: z.string().nullable(),
    delivered_at: time.nullable(),
    created_at: time,
  })
  .transform(
    (row): OrderEvent => ({
      id: row.id,
      orderId: row.order_id,
      type: row.type,
      channel: row.channel,
      state: row.state,
      attempts: row.attempts,
      nextAttemptAt: row.next_attempt_at,
      lastStatus: row.last_status,
      lastError: row.last_error,
      deliveredAt: row.delivered_at,
      createdAt: row.created_at,
    }),
  );

/** An order_events row (either store) without its snapshot of the order. */
export const toOrderEvent = (row: unknown): OrderEvent => eventRowSchema.parse(row);

/** A claimed row: the event, the order as the snapshot kept it, and the refund's snapshot if any. */
export function toClaimedEvent(row: unknown): ClaimedEvent {
  const { snapshot, refund, report } = row as { snapshot?: unknown; refund?: unknown; report?: unknown };
  // PGlite hands jsonb back parsed, PostgREST too; text only if a driver left it as such.
  const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
  return {
    ...toOrderEvent(row),
    order: toOrder(parsed(snapshot)),
    refund: refund ? toRefund(parsed(refund)) : null,
    report: report ? eventReportSchema.parse(parsed(report)) : null,
  };
}

const eventReportSchema: z.ZodType<EventReport> = z.object({
  id: z.string(),
  mint: z.string(),
  kind: z.enum(REPORT_KINDS),
  occurredOn: z.string(),
  policeReference: z.string().nullable(),
  reportedBy: z.string(),
  reportedAt: time,
  clearedAt: time.nullable(),
  clearedBy: z.string().nullable(),
});

/** The arguments of finish_order_event (same in both stores). */
export function finishArguments(id: string, owner: string, result: AttemptResult, retrySeconds: number | null) {
  return {
    p_id: id,
    p_owner: owner,
    p_outcome: result.outcome,
    p_status: result.status,
    p_error: result.outcome === 'delivered' ? null : result.error,
    p_retry_seconds: retrySeconds,
  };
}
