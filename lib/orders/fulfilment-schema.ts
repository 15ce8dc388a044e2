import { z } from '@/lib/zod';
import { MOVE_TARGETS } from './fulfilment';
import { ORDER_STATUSES, type OrderHistoryEntry } from './types';

/**
 * The operator's input on orders, checked before the database sees it. The limits are the
 * migration's checks (tracking_reference), so nothing accepted here is refused there.
 */

// \p{Cc}: every control character (NUL, tabs, line breaks, DEL, C1), a superset of Postgres's [[:cntrl:]].
const CONTROL = /\p{Cc}/u;
const TRACKING = /^[A-Za-z0-9][A-Za-z0-9 ./-]{2,58}[A-Za-z0-9]$/;

export const trackingReferenceSchema = z
  .string({ error: 'A tracking reference is required to ship an order' })
  .trim()
  .min(1, 'A tracking reference is required to ship an order')
  .regex(TRACKING, "The tracking reference must be the carrier's 4 to 60 letters, digits, spaces, dots, slashes or dashes");

/** POST /api/admin/orders/[id]/status: the status the operator saw, and where it moves. */
export const moveRequestSchema = z.discriminatedUnion(
  'to',
  [
    z.object({ from: z.enum(ORDER_STATUSES), to: z.literal('paid') }),
    z.object({ from: z.enum(ORDER_STATUSES), to: z.literal('shipped'), trackingReference: trackingReferenceSchema }),
    z.object({ from: z.enum(ORDER_STATUSES), to: z.literal('delivered') }),
  ],
  { error: `to must be one of ${MOVE_TARGETS.join(', ')}` },
);
export type MoveRequest = z.infer<typeof moveRequestSchema>;

export const ORDERS_PAGE_SIZE = 20;

const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** The admin list's query string: ?status=&q=&offset= (blank means no filter). */
export const orderListQuerySchema = z.object({
  status: z.preprocess(blankAsNull, z.enum(ORDER_STATUSES, { error: 'Unknown order status' }).nullable().default(null)),
  q: z.preprocess(
    blankAsNull,
    z
      .string()
      .trim()
      .max(200, 'The search must be at most 200 characters')
      .refine((value) => !CONTROL.test(value), 'The search cannot contain control characters')
      .nullable()
      .default(null),
  ),
  offset: z.preprocess(
    blankAsNull,
    z.coerce
      .number({ error: 'offset must be a whole number' })
      .int('offset must be a whole number')
      .min(0, 'offset must be a whole number')
      .max(1_000_000, 'offset is too large')
      .default(0),
  ),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** An order_history row (snake_case, from either store). */
const historyRowSchema = z
  .object({
    id: z.string(),
    created_at: z.union([z.date(), z.string()]),
    actor: z.string(),
    from_status: z.enum(ORDER_STATUSES),
    to_status: z.enum(ORDER_STATUSES),
    tracking_reference: z.string().nullable(),
    note: z.string().nullable(),
  })
  .transform(
    (row): OrderHistoryEntry => ({
      id: row.id,
      at: new Date(row.created_at).toISOString(),
      actor: row.actor,
      from: row.from_status,
      to: row.to_status,
      trackingReference: row.tracking_reference,
      note: row.note,
    }),
  );

export const toHistoryEntry = (row: unknown) => historyRowSchema.parse(row);

/** The arguments of the SQL function move_order (same in both stores). */
export function moveArguments(id: string, move: MoveRequest, actor: string) {
  return {
    p_id: id,
    p_from: move.from,
    p_to: move.to,
    p_actor: actor,
    p_tracking: move.to === 'shipped' ? move.trackingReference : null,
    // Kept by move_order for rows of older versions, whose refunds were a move with a note.
    p_note: null,
  };
}

/** The arguments of the SQL function search_orders (same in both stores). */
export function searchArguments(query: { status: string | null; text: string | null; limit: number; offset: number }) {
  return { p_status: query.status, p_query: query.text, p_limit: query.limit, p_offset: query.offset };
}
