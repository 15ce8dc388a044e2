import { z } from '@/lib/zod';

/** Longer than any brand name the admin form accepts, so a real brand is never refused. */
export const BRAND_QUERY_MAX = 80;

export const BRAND_QUERY_MESSAGES = {
  missing: 'The brand query parameter is required.',
  tooLong: `The brand query parameter must be at most ${BRAND_QUERY_MAX} characters.`,
} as const;

const brandQuerySchema = z
  .string({ error: BRAND_QUERY_MESSAGES.missing })
  .trim()
  .min(1, BRAND_QUERY_MESSAGES.missing)
  .max(BRAND_QUERY_MAX, BRAND_QUERY_MESSAGES.tooLong);

export type BrandQuery = { ok: true; brand: string } | { ok: false; message: string };

/** The `brand` of a `/api/watches?brand=…` request, trimmed, or why it cannot be used. */
export function parseBrandQuery(params: URLSearchParams): BrandQuery {
  const parsed = brandQuerySchema.safeParse(params.get('brand') ?? undefined);
  if (parsed.success) return { ok: true, brand: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? BRAND_QUERY_MESSAGES.missing };
}
