import { isSafeImageUrl } from '@/lib/catalog/schema';
import { isStorableLine, isStorableText } from '@/lib/validation/storable';
import { z } from '@/lib/zod';
import { REPORT_KINDS } from './verdict';

/** The fields of a holder's report and of a service event, as the server reads them. */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Clocks and time zones differ: a day up to one ahead of the server's UTC day is still today somewhere. */
const AHEAD_MS = 24 * 60 * 60 * 1000;

/** A calendar day, not in the future, not before watches were worn on the wrist. */
const pastDay = (what: string) =>
  z
    .string({ error: `${what} is required (YYYY-MM-DD)` })
    .regex(DAY, `${what} must be a date (YYYY-MM-DD)`)
    .refine((day) => {
      const time = Date.parse(`${day}T00:00:00Z`);
      return Number.isFinite(time) && new Date(time).toISOString().startsWith(day);
    }, `${what} must be a real date`)
    .refine((day) => day >= '1900-01-01', `${what} must be after 1900`)
    .refine((day) => Date.parse(`${day}T00:00:00Z`) <= Date.now() + AHEAD_MS, `${what} cannot be in the future`);

const line = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} must be at most ${max} characters`)
    .refine(isStorableLine, `${what} must be one line of text`);

export const POLICE_REFERENCE_MAX = 100;

export const reportRequestSchema = z.object({
  kind: z.enum(REPORT_KINDS, { error: 'Say whether the watch was stolen or is missing' }),
  occurredOn: pastDay('The date'),
  policeReference: z
    .union([z.literal(''), z.null(), line('The police reference', POLICE_REFERENCE_MAX)])
    .optional()
    .transform((value) => value || null),
  proof: z.unknown(),
});

export const SERVICED_BY_MAX = 120;
export const WORK_MAX = 2000;
export const SERVICE_PHOTOS_MAX = 6;

export const serviceEventRequestSchema = z.strictObject({
  servicedOn: pastDay('The service date'),
  servicedBy: line('Who serviced it', SERVICED_BY_MAX),
  work: z
    .string({ error: 'What was done is required' })
    .trim()
    .min(1, 'What was done is required')
    .max(WORK_MAX, `What was done must be at most ${WORK_MAX} characters`)
    .refine(isStorableText, 'What was done must be plain text'),
  photos: z
    .array(z.string().max(2048, 'A photo URL must be at most 2048 characters').refine(isSafeImageUrl, 'A photo must be an http(s) URL or one of the shop’s own pictures'), {
      error: 'photos must be a list of URLs',
    })
    .max(SERVICE_PHOTOS_MAX, `At most ${SERVICE_PHOTOS_MAX} photos`)
    .default([]),
});

export const freezeRequestSchema = z.strictObject({ frozen: z.boolean({ error: 'frozen must be true or false' }) });
