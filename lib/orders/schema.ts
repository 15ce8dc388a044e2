import { z } from 'zod';
import { ORDER_STATUSES, type Order, type OrderInput } from './types';

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const amount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .finite(`${label} must be a number`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000_000, `${label} is too large`);

/** The order webhook data of SPEC §3, checked before anything is stored. */
export const orderInputSchema = z.object({
  wallet: z
    .string({ error: 'wallet is required' })
    .regex(BASE58, 'wallet must be a base58 Solana address')
    .min(32, 'wallet must be a base58 Solana address')
    .max(44, 'wallet must be a base58 Solana address'),
  txHash: z
    .string({ error: 'txHash is required' })
    .regex(BASE58, 'txHash must be a base58 transaction signature')
    .min(43, 'txHash must be a base58 transaction signature')
    .max(88, 'txHash must be a base58 transaction signature'),
  usdAmount: amount('usdAmount'),
  solAmount: amount('solAmount'),
  name: text('name', 200),
  phone: text('phone', 40),
  email: text('email', 254).refine((value) => value.includes('@'), 'email must be a valid email address'),
  address: text('address', 500),
  watch: z.object(
    {
      id: z.guid('watch.id must be a watch id'),
      brand: text('watch.brand', 80),
      model: text('watch.model', 160),
    },
    { error: 'watch is required' },
  ),
}) satisfies z.ZodType<OrderInput, unknown>;

export class OrderValidationError extends Error {
  override name = 'OrderValidationError';
}

export function parseOrderInput(raw: unknown): OrderInput {
  const result = orderInputSchema.safeParse(raw);
  if (!result.success) throw new OrderValidationError(result.error.issues[0]?.message ?? 'Invalid order');
  return result.data;
}

/** An orders row (snake_case, from either store) as an Order. */
const orderRowSchema = z
  .object({
    id: z.string(),
    tx_hash: z.string(),
    wallet: z.string(),
    usd_amount: z.coerce.number(),
    sol_amount: z.coerce.number(),
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    address: z.string(),
    watch_id: z.string().nullable(),
    watch_brand: z.string(),
    watch_model: z.string(),
    status: z.enum(ORDER_STATUSES),
    created_at: z.union([z.date(), z.string()]),
  })
  .transform(
    (row): Order => ({
      id: row.id,
      txHash: row.tx_hash,
      wallet: row.wallet,
      usdAmount: row.usd_amount,
      solAmount: row.sol_amount,
      name: row.name,
      phone: row.phone,
      email: row.email,
      address: row.address,
      watch: { id: row.watch_id, brand: row.watch_brand, model: row.watch_model },
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
    }),
  );

export function toOrder(row: unknown): Order {
  return orderRowSchema.parse(row);
}

/** The orders row to insert for an order (both stores write exactly these columns). */
export function toOrderRow(order: OrderInput) {
  return {
    tx_hash: order.txHash,
    wallet: order.wallet,
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
