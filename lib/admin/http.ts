import 'server-only';
import { HttpError } from '@/lib/http/errors';
import { readJsonBody } from '@/lib/http/json-body';
import type { z } from '@/lib/zod';

export const MAX_BODY_BYTES = 64 * 1024;

/** The JSON object an admin route was sent: 413 past MAX_BODY_BYTES, 400 when not a JSON object. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** The value as the schema reads it, or a 400 with the schema's first message. */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}
