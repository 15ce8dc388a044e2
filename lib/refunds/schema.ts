import { z } from '@/lib/zod';
import { PAYMENT_CURRENCIES, USDC_DECIMALS, decimalToUnits, unitsToDecimal, type PaymentCurrency } from '@/lib/chain/currencies';
import { toOrder } from '@/lib/orders/schema';
import type { Order } from '@/lib/orders/types';
import { REFUND_STATES, type Refund } from '@/lib/orders/refund';
import type { OpenRefundOutcome } from './types';

/** Decimal places of each currency's base unit: lamports, USDC's millionths. */
export const CURRENCY_DECIMALS: Record<PaymentCurrency, number> = { SOL: 9, USDC: USDC_DECIMALS };

// \p{Cc}: every control character, a superset of Postgres's [[:cntrl:]] (the table's check).
const CONTROL = /\p{Cc}/u;
/** Up to a billion whole units: base units then stay far inside SQL's bigint. */
const DECIMAL = /^\d{1,9}(\.\d+)?$/;

/** POST /api/admin/orders/[id]/refunds: how much of the order's currency, and why. */
export const refundRequestSchema = z.object({
  amount: z
    .string({ error: 'An amount is required, as a decimal string such as "0.5"' })
    .trim()
    .regex(DECIMAL, 'The amount must be a decimal number such as "0.5", below a billion'),
  reason: z
    .string({ error: 'A reason is required to refund an order' })
    .trim()
    .min(1, 'A reason is required to refund an order')
    .max(500, 'The reason must be at most 500 characters')
    .refine((value) => !CONTROL.test(value), 'The reason cannot contain control characters'),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/**
 * The requested amount in the currency's base units, or why it cannot be paid: more decimals than
 * the currency has, or nothing at all.
 */
export function refundUnits(amount: string, currency: PaymentCurrency): { units: bigint } | { error: string } {
  const decimals = CURRENCY_DECIMALS[currency];
  let units: bigint;
  try {
    units = decimalToUnits(amount, decimals);
  } catch {
    return { error: `The amount can have at most ${decimals} decimals in ${currency}` };
  }
  if (units <= 0n) return { error: 'The amount must be more than zero' };
  return { units };
}

export const unitsAsAmount = (units: bigint, currency: PaymentCurrency) => unitsToDecimal(units, CURRENCY_DECIMALS[currency]);

const time = z.union([z.date(), z.string()]).transform((value) => new Date(value).toISOString());
// PGlite reads bigint as a JS bigint or number, PostgREST and to_jsonb as a JSON number or string.
const bigintish = z.union([z.bigint(), z.number(), z.string()]).transform((value) => BigInt(value));

const refundRowSchema = z
  .object({
    id: z.string(),
    order_id: z.string(),
    amount: bigintish,
    currency: z.enum(PAYMENT_CURRENCIES),
    mint: z.string().nullable(),
    recipient: z.string(),
    reference: z.string(),
    reason: z.string(),
    state: z.enum(REFUND_STATES),
    signature: z.string().nullable(),
    failure: z.string().nullable(),
    created_by: z.string(),
    created_at: time,
    expires_at: time,
    sent_at: time.nullable(),
    ended_at: time.nullable(),
  })
  .transform(
    (row): Refund => ({
      id: row.id,
      orderId: row.order_id,
      units: row.amount.toString(),
      amount: unitsAsAmount(row.amount, row.currency),
      currency: row.currency,
      mint: row.mint,
      recipient: row.recipient,
      reference: row.reference,
      reason: row.reason,
      state: row.state,
      signature: row.signature,
      failure: row.failure,
      createdBy: row.created_by,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      sentAt: row.sent_at,
      endedAt: row.ended_at,
    }),
  );

/** A refunds row (either store, or to_jsonb of one) as a Refund. */
export const toRefund = (row: unknown): Refund => refundRowSchema.parse(row);

/** jsonb as PGlite and PostgREST hand it back: parsed, or text if a driver left it so. */
const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

/** open_refund's answer. */
export function toOpenOutcome(answer: unknown): OpenRefundOutcome {
  const value = json(answer) as { refund?: unknown; refused?: string; left?: unknown };
  if (value.refund) return { refund: toRefund(value.refund) };
  if (value.refused === 'too_much') return { refused: 'too_much', left: BigInt(value.left as string | number).toString() };
  return { refused: value.refused === 'unknown' ? 'unknown' : 'not_refundable' };
}

/** record_refund_sent's answer. */
export function toSentOutcome(answer: unknown): { refund: Refund; order: Order } | null {
  const value = json(answer) as { refund: unknown; order: unknown } | null;
  return value ? { refund: toRefund(value.refund), order: toOrder(value.order) } : null;
}
