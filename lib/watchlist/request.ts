import { z } from '@/lib/zod';
import { isSingleMailbox, MAILBOX_MAX_LENGTH } from '@/lib/validation/mailbox';
import { MAX_SEARCH_PATH_LENGTH } from './saved-search';
import { MAX_TOKEN_LENGTH } from './tokens';

/**
 * POST /api/watchlist: a piece (`watchId`, and a price limit `below` in SOL if the watcher wants
 * one) or a listing's address (`search`), and an address unless the signed-in wallet has one.
 */

const email = z
  .string()
  .trim()
  .max(MAILBOX_MAX_LENGTH, `The e-mail address must be at most ${MAILBOX_MAX_LENGTH} characters.`)
  .refine(isSingleMailbox, 'Enter one valid e-mail address.');

/** A SOL amount as the catalogue stores prices: up to 9 whole digits and 9 decimals, above zero. */
const below = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,9})?$/, 'The price limit must be an amount in SOL, such as 120 or 95.5.')
  .refine((value) => Number(value) > 0, 'The price limit must be above zero.');

const piece = z.object({
  watchId: z.uuid('The watchId must be a watch’s id.'),
  email: email.optional(),
  below: below.optional(),
});

const search = z.object({
  search: z
    .string()
    .max(MAX_SEARCH_PATH_LENGTH, `The search must be at most ${MAX_SEARCH_PATH_LENGTH} characters.`)
    .regex(/^\/[^/\\]/, 'The search must be a listing’s address on this shop, such as /watches?brand=Rolex.'),
  email: email.optional(),
});

export type Subscription = z.infer<typeof piece> | z.infer<typeof search>;

/** The request read with the schema its keys name, so that its message speaks of what was sent. */
export function parseSubscription(body: unknown): { ok: true; subscription: Subscription } | { ok: false; message: string } {
  const schema = typeof body === 'object' && body !== null && Object.hasOwn(body, 'search') ? search : piece;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'Send { "watchId", "email" } for a piece, or { "search", "email" } for a listing.' };
  }
  const parsed = schema.safeParse(body);
  return parsed.success ? { ok: true, subscription: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid request.' };
}

export const tokenSchema = z.object({ token: z.string().min(1, 'The link has no token.').max(MAX_TOKEN_LENGTH, 'This link is not one of ours.') });
