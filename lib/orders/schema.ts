import { z } from '@/lib/zod';
import { isSingleMailbox, MAILBOX_MAX_LENGTH } from '@/lib/validation/mailbox';
import { isStorableLine, isStorableText, NUMERIC_18_9_BOUND, UNSTORABLE_TEXT } from '@/lib/validation/storable';
import {
  ORDER_STATUSES,
  type IntentOutcome,
  type Order,
  type OrderInput,
  type OrderSettlement,
  type PaymentIntentInput,
  type StockCounts,
} from './types';
import { PAYMENT_CURRENCIES } from '@/lib/chain/currencies';

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

/** Single-line text; `multiline` lets tab and line breaks through (the delivery address). */
const text = (label: string, max: number, { multiline = false } = {}) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(multiline ? isStorableText : isStorableLine, `${label} ${UNSTORABLE_TEXT}`);

/** Amounts are stored as numeric(18, 9) (SOL) and numeric(14, 2) (USD): below 10^9 fits both. */
const amount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .finite(`${label} must be a number`)
    .min(0, `${label} cannot be negative`)
    .lt(NUMERIC_18_9_BOUND, `${label} is too large`);

/** Exactly one mailbox (lib/validation/mailbox.ts), which also passes SQL's `position('@' in email) > 1`. */
const emailAddress = (label: string) => text(label, MAILBOX_MAX_LENGTH).refine(isSingleMailbox, `${label} must be a valid email address`);

const walletAddress = z
  .string({ error: 'wallet is required' })
  .regex(BASE58, 'wallet must be a base58 Solana address')
  .min(32, 'wallet must be a base58 Solana address')
  .max(44, 'wallet must be a base58 Solana address');

/** The order webhook data of SPEC §3, checked before anything is stored. */
export const orderInputSchema = z.object({
  wallet: walletAddress,
  txHash: z
    .string({ error: 'txHash is required' })
    .regex(BASE58, 'txHash must be a base58 transaction signature')
    .min(43, 'txHash must be a base58 transaction signature')
    .max(88, 'txHash must be a base58 transaction signature'),
  usdAmount: amount('usdAmount'),
  solAmount: amount('solAmount'),
  name: text('name', 200),
  phone: text('phone', 40),
  email: emailAddress('email'),
  address: text('address', 500, { multiline: true }),
  watch: z.object(
    {
      id: z.guid('watch.id must be a watch id'),
      brand: text('watch.brand', 80),
      model: text('watch.model', 160),
    },
    { error: 'watch is required' },
  ),
}) satisfies z.ZodType<OrderInput, unknown>;

/** A buyer's request to pay for a watch: the shipping form of SPEC §3, the watch, the wallet. */
export const paymentRequestSchema = z.object({
  watchId: z.guid('watchId must be a watch id'),
  currency: z.enum(PAYMENT_CURRENCIES, { error: 'currency must be SOL or USDC' }).default('SOL'),
  // null when a phone wallet pays the Solana Pay QR code: the payer is learnt from the chain.
  wallet: walletAddress.nullable(),
  shipping: z.object(
    {
      fullName: text('fullName', 200),
      phone: text('phone', 40),
      email: emailAddress('email'),
      address: text('address', 500, { multiline: true }),
    },
    { error: 'shipping is required' },
  ),
});

export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

export class OrderValidationError extends Error {
  override name = 'OrderValidationError';
}

export function parseOrderInput(raw: unknown): OrderInput {
  const result = orderInputSchema.safeParse(raw);
  if (!result.success) throw new OrderValidationError(result.error.issues[0]?.message ?? 'Invalid order');
  return result.data;
}

/** An orders row (snake_case, from either store) as an Order. */
const nullableText = z.string().nullable();
const time = z.union([z.date(), z.string()]);
const orderRowSchema = z
  .object({
    id: z.string(),
    status: z.enum(ORDER_STATUSES),
    tx_hash: nullableText,
    wallet: nullableText,
    usd_amount: z.coerce.number(),
    sol_amount: z.coerce.number(),
    // PGlite reads bigint as a JS bigint or number, PostgREST as a JSON number.
    lamports: z.union([z.bigint(), z.number(), z.string()]).nullable(),
    currency: z.enum(PAYMENT_CURRENCIES).default('SOL'),
    token_amount: z.union([z.bigint(), z.number(), z.string()]).nullable().default(null),
    spl_token: nullableText.default(null),
    reference: nullableText,
    expires_at: time.nullable(),
    paid_at: time.nullable(),
    finalized_at: time.nullable().default(null),
    refund_due: z.boolean(),
    certificate_mint: nullableText,
    certificate_attempts: z.coerce.number().default(0),
    certificate_failure: nullableText.default(null),
    failure: nullableText,
    tracking_reference: nullableText,
    refund_note: nullableText,
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    address: z.string(),
    watch_id: nullableText,
    watch_brand: z.string(),
    watch_model: z.string(),
    created_at: time,
  })
  .transform(
    (row): Order => ({
      id: row.id,
      status: row.status,
      txHash: row.tx_hash,
      wallet: row.wallet,
      usdAmount: row.usd_amount,
      solAmount: row.sol_amount,
      lamports: row.lamports === null ? null : BigInt(row.lamports).toString(),
      currency: row.currency,
      tokenAmount: row.token_amount === null ? null : BigInt(row.token_amount).toString(),
      splToken: row.spl_token,
      reference: row.reference,
      expiresAt: isoOrNull(row.expires_at),
      paidAt: isoOrNull(row.paid_at),
      finalizedAt: isoOrNull(row.finalized_at),
      refundDue: row.refund_due,
      certificateMint: row.certificate_mint,
      certificateAttempts: row.certificate_attempts,
      certificateFailure: row.certificate_failure,
      failure: row.failure,
      trackingReference: row.tracking_reference,
      refundNote: row.refund_note,
      name: row.name,
      phone: row.phone,
      email: row.email,
      address: row.address,
      watch: { id: row.watch_id, brand: row.watch_brand, model: row.watch_model },
      createdAt: new Date(row.created_at).toISOString(),
    }),
  );

function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

export function toOrder(row: unknown): Order {
  return orderRowSchema.parse(row);
}

/** The orders row of a simulated purchase (both stores write exactly these columns). */
export function toOrderRow(order: OrderInput, walletSignedIn: boolean) {
  return {
    status: 'simulated',
    tx_hash: order.txHash,
    wallet: order.wallet,
    wallet_signed_in: walletSignedIn,
    usd_amount: order.usdAmount,
    sol_amount: order.solAmount,
    name: order.name,
    phone: order.phone,
    email: order.email,
    address: order.address,
    watch_id: order.watch.id,
    watch_brand: order.watch.brand,
    watch_model: order.watch.model,
  };
}

/** The arguments of the SQL function create_payment_intent (same in both stores). */
export function intentArguments(intent: PaymentIntentInput) {
  return {
    p_watch_id: intent.watch.id,
    p_watch_brand: intent.watch.brand,
    p_watch_model: intent.watch.model,
    p_wallet: intent.wallet,
    p_lamports: intent.lamports.toString(),
    p_reference: intent.reference,
    p_expires_at: intent.expiresAt.toISOString(),
    p_usd_amount: intent.usdAmount,
    p_sol_amount: intent.solAmount,
    p_name: intent.name,
    p_phone: intent.phone,
    p_email: intent.email,
    p_address: intent.address,
    p_currency: intent.token?.currency ?? 'SOL',
    p_token_amount: intent.token ? intent.token.amount.toString() : null,
    p_spl_token: intent.token?.mint ?? null,
    p_client_address_hash: intent.client.addressHash,
    p_client_network_hash: intent.client.networkHash,
    p_holds_per_address: intent.rules.perAddress,
    p_holds_per_network: intent.rules.perNetwork,
    p_cooldown_seconds: intent.rules.cooldownSeconds,
    p_wallet_signed_in: intent.walletSignedIn,
  };
}

const intentAnswerSchema = z.object({
  refusal: z.enum(['sold_out', 'held', 'unknown', 'cooldown', 'address_bound', 'network_bound', 'wallet_busy']).nullable(),
  held_until: time.nullable(),
  placed: z.unknown(),
});

/** create_payment_intent's one row, from either store, as the intent's outcome. */
export function toIntentOutcome(row: unknown): IntentOutcome {
  const answer = intentAnswerSchema.parse(row);
  if (answer.refusal === 'held' && answer.held_until !== null) return { refused: 'held', heldUntil: new Date(answer.held_until).toISOString() };
  if (answer.refusal === 'sold_out' || answer.refusal === 'held') return { refused: 'sold_out' };
  if (answer.refusal === 'unknown' || answer.refusal === 'wallet_busy') return { refused: answer.refusal };
  if (answer.refusal !== null) {
    if (answer.held_until === null) throw new Error(`create_payment_intent refused (${answer.refusal}) without a time`);
    return { refused: answer.refusal, until: new Date(answer.held_until).toISOString() };
  }
  return { placed: toOrder(answer.placed) };
}

const stockCountRowSchema = z.object({ watch_id: z.string(), held: z.coerce.number(), sold: z.coerce.number() });

/** watch_stock_counts's rows, from either store. */
export function toStockCounts(rows: readonly unknown[]): StockCounts {
  return Object.fromEntries(
    rows.map((row) => {
      const { watch_id, held, sold } = stockCountRowSchema.parse(row);
      return [watch_id, { held, sold }];
    }),
  );
}

/** The arguments of the SQL function settle_order (same in both stores). */
export function settlementArguments(id: string, settlement: OrderSettlement) {
  return {
    p_id: id,
    p_status: settlement.status,
    p_tx_hash: settlement.txHash,
    p_wallet: settlement.status === 'paid' ? settlement.wallet : null,
    p_refund_due: settlement.status === 'expired' ? settlement.refundDue : false,
    p_failure: settlement.status === 'failed' ? settlement.failure : null,
    p_paid_at: settlement.status === 'paid' ? settlement.paidAt.toISOString() : null,
  };
}
