import { z } from '@/lib/zod';
import { isStorableLine, isStorableText, NUMERIC_18_9_BOUND, UNSTORABLE_TEXT } from '@/lib/validation/storable';
import { checkCollectorData, collectorFields, collectorRowFields, MOVED_SPEC_KEYS } from './collector-schema';
import { SPEC_KEYS, type Watch, type WatchFields, type WatchSpecs } from './types';

/** More pieces of one model than a watch shop holds; well inside the database's integer. */
export const MAX_STOCK = 100_000;

/** The messages of SPEC §5 (admin form) and §8, shared by the admin form, its routes and the stores. */
export const WATCH_MESSAGES = {
  textRequired: 'Brand, model, and description are required',
  pricesRequired: 'Both EUR and SOL prices are required',
  imageRequired: 'At least one image URL is required',
  imageUrl: 'Image URLs must start with http:// or https://',
  priceNegative: 'Prices cannot be negative',
  stock: `Pieces in stock must be a whole number from 0 to ${MAX_STOCK.toLocaleString('en')}`,
} as const;

const LIMITS = { brand: 80, model: 160, description: 4000, url: 2048, images: 12, feature: 200, features: 24, spec: 200 };

/**
 * Absolute http(s) URLs, or root-relative paths to the shop's own images (the seed uses those).
 * As the SQL check reads it: the scheme in lower case with its two slashes, no space or control
 * character. A root-relative path must not lead to another host: browsers read `//host` and
 * `/\host` (a backslash counts as a slash) as one.
 */
export function isSafeImageUrl(value: string): boolean {
  if (/\s/.test(value) || !isStorableLine(value)) return false;
  if (value.startsWith('/')) return /^\/[^/\\]/.test(value);
  if (!/^https?:\/\//.test(value)) return false;
  try {
    return Boolean(new URL(value).host);
  } catch {
    return false;
  }
}

const requiredText = (max: number, isStorable: (value: string) => boolean = isStorableLine) =>
  z
    .string({ error: WATCH_MESSAGES.textRequired })
    .trim()
    .min(1, WATCH_MESSAGES.textRequired)
    .max(max, `Must be at most ${max} characters`)
    .refine(isStorable, `Text ${UNSTORABLE_TEXT}`);

/** Blank entries are dropped and the rest trimmed (SPEC §5), before any other check. */
const trimmedList = (max: number, maxItems: number, label: string) =>
  z
    .array(z.string({ error: `${label} must be text` }), { error: `${label} must be a list` })
    .transform((items) => items.map((item) => item.trim()).filter((item) => item !== ''))
    .pipe(
      z
        .array(
          z
            .string()
            .max(max, `Each ${label.toLowerCase()} entry must be at most ${max} characters`)
            .refine(isStorableLine, `${label} entries ${UNSTORABLE_TEXT}`),
        )
        .max(maxItems, `At most ${maxItems} ${label.toLowerCase()} entries`),
    );

/** A price as the form or the API sends it, in SOL or EUR: a watch's, or the owner's floor. */
export const priceSchema = z
  .union([z.number(), z.string()], { error: WATCH_MESSAGES.pricesRequired })
  .transform((value, ctx) => {
    const number = typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value)) : value;
    if (!Number.isFinite(number)) {
      ctx.addIssue({ code: 'custom', message: WATCH_MESSAGES.pricesRequired });
      return z.NEVER;
    }
    return number;
  })
  // price_sol is numeric(18, 9), price_eur numeric(14, 2): below 10^9 fits both.
  .pipe(z.number().min(0, WATCH_MESSAGES.priceNegative).lt(NUMERIC_18_9_BOUND, 'Price is too large'));

const specsSchema = z
  .record(z.string(), z.unknown(), { error: 'Specs must be an object' })
  .transform((raw, ctx): WatchSpecs => {
    const specs: WatchSpecs = {};
    for (const [key, field] of Object.entries(MOVED_SPEC_KEYS)) {
      if (raw[key] !== undefined && raw[key] !== null && raw[key] !== '') {
        ctx.addIssue({ code: 'custom', message: `Spec ${key} is the watch's ${field} now: send it there`, path: [key] });
      }
    }
    for (const key of [...SPEC_KEYS, 'nft_image'] as const) {
      const value = raw[key];
      if (value === undefined || value === null) continue;
      if (typeof value !== 'string') {
        ctx.addIssue({ code: 'custom', message: `Spec ${key} must be text`, path: [key] });
        continue;
      }
      const trimmed = value.trim();
      if (trimmed === '') continue;
      if (trimmed.length > LIMITS.spec && key !== 'nft_image') {
        ctx.addIssue({ code: 'custom', message: `Spec ${key} must be at most ${LIMITS.spec} characters`, path: [key] });
        continue;
      }
      if (!isStorableLine(trimmed)) {
        ctx.addIssue({ code: 'custom', message: `Spec ${key} ${UNSTORABLE_TEXT}`, path: [key] });
        continue;
      }
      if (key === 'nft_image' && !isSafeImageUrl(trimmed)) {
        ctx.addIssue({ code: 'custom', message: WATCH_MESSAGES.imageUrl, path: [key] });
        continue;
      }
      specs[key] = trimmed;
    }
    return specs;
  });

/**
 * A watch as the admin saves it. Keys are in the order SPEC §5 checks them, so the first issue is
 * the message the form shows.
 */
export const watchInputSchema = z
  .object({
    brand: requiredText(LIMITS.brand),
    model: requiredText(LIMITS.model),
    description: requiredText(LIMITS.description, isStorableText),
    price_eur: priceSchema,
    price_sol: priceSchema,
    image_urls: trimmedList(LIMITS.url, LIMITS.images, 'Image URL')
      .refine((urls) => urls.length > 0, WATCH_MESSAGES.imageRequired)
      .refine((urls) => urls.every(isSafeImageUrl), WATCH_MESSAGES.imageUrl),
    specs: specsSchema.default({}),
    features: trimmedList(LIMITS.feature, LIMITS.features, 'Feature').default([]),
    featured: z.boolean({ error: 'Featured must be true or false' }).default(false),
    // A watch added without a number is one piece (SPEC §4: new watches are available).
    stock: z
      .union([z.number(), z.string()], { error: WATCH_MESSAGES.stock })
      .transform((value) => (typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value)) : value))
      .pipe(z.number({ error: WATCH_MESSAGES.stock }).int(WATCH_MESSAGES.stock).min(0, WATCH_MESSAGES.stock).max(MAX_STOCK, WATCH_MESSAGES.stock))
      .default(1),
    ...collectorFields,
  })
  .superRefine(checkCollectorData);

export class WatchValidationError extends Error {
  override name = 'WatchValidationError';
}

/** Validates and normalises a watch to save; throws the first message the form would show. */
export function parseWatchInput(raw: unknown): WatchFields {
  const result = watchInputSchema.safeParse(raw);
  if (!result.success) throw new WatchValidationError(result.error.issues[0]?.message ?? 'Invalid watch');
  return result.data;
}

const EXPECTED_STOCK_MESSAGE = `An edit must send expected_stock, the stock it started from: a whole number from 0 to ${MAX_STOCK.toLocaleString('en')}`;
const expectedStockSchema = z.object({
  expected_stock: z.number({ error: EXPECTED_STOCK_MESSAGE }).int(EXPECTED_STOCK_MESSAGE).min(0, EXPECTED_STOCK_MESSAGE).max(MAX_STOCK, EXPECTED_STOCK_MESSAGE),
});

/** The stock an edit of a watch started from (CatalogStore.update saves it only if it still holds). */
export function parseExpectedStock(raw: unknown): number {
  const result = expectedStockSchema.safeParse(raw);
  if (!result.success) throw new WatchValidationError(EXPECTED_STOCK_MESSAGE);
  return result.data.expected_stock;
}

/** Postgres ids are uuids; anything else names no watch (and must not reach SQL as a uuid). */
export const watchIdSchema = z.guid();

/**
 * A stored row, from either store: PGlite gives numerics as text and times as Date, PostgREST
 * gives numbers and ISO text. Both become the same Watch.
 */
export const watchRowSchema = z.object({
  id: z.string(),
  brand: z.string(),
  model: z.string(),
  description: z.string(),
  image_urls: z.array(z.string()),
  price_eur: z.coerce.number(),
  price_sol: z.coerce.number(),
  specs: z.record(z.string(), z.string()).transform((specs) => specs as WatchSpecs),
  features: z.array(z.string()),
  featured: z.boolean(),
  stock: z.coerce.number(),
  available: z.boolean(),
  created_at: z.union([z.date(), z.string()]).transform((value) => new Date(value).toISOString()),
  ...collectorRowFields,
}) satisfies z.ZodType<Watch, unknown>;

export function toWatch(row: unknown): Watch {
  return watchRowSchema.parse(row);
}
