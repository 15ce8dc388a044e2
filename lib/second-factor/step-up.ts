import 'server-only';
import { optionalText, parseEnvironment, type Environment } from '@/lib/config';
import { HttpError } from '@/lib/http/errors';
import { z } from '@/lib/zod';
import type { StaffSession } from '@/lib/staff/store';

/**
 * Step-up (issue 36): what can hurt the shop most (exporting the buyers' addresses, changing staff
 * or roles, a price cut or a price under the owner's floor, changing one's own factors) needs the second factor
 * given in the last 5 minutes (ADMIN_STEP_UP_SECONDS). The page answers STEP_UP_REQUIRED with
 * the factor prompt, then sends the request again.
 */
export const STEP_UP_SECONDS = 5 * 60;

const stepUpSchema = z.object({
  ADMIN_STEP_UP_SECONDS: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,4}$/, 'must be a whole number of seconds')
      .transform(Number)
      .pipe(z.number().min(10, 'must be at least 10 seconds').max(3600, 'must be at most 3600 seconds'))
      .optional(),
  ),
});

/** ADMIN_STEP_UP_SECONDS, 5 minutes unless set: how long a factor given counts as recent. */
export function stepUpSeconds(env: Environment = process.env): number {
  return parseEnvironment(stepUpSchema, env).ADMIN_STEP_UP_SECONDS ?? STEP_UP_SECONDS;
}

import { STEP_UP_REQUIRED } from './step-up-code';

export function hasRecentFactor(session: StaffSession, now = new Date()): boolean {
  return session.secondFactorAt !== null && now.getTime() - session.secondFactorAt.getTime() < stepUpSeconds() * 1000;
}

/** The 403 that asks for the second factor again. */
export function stepUpRequired(): HttpError {
  return new HttpError(403, 'Confirm it is you: use your second factor again.', { code: STEP_UP_REQUIRED });
}

export function requireRecentFactor(session: StaffSession, now = new Date()): void {
  if (!hasRecentFactor(session, now)) throw stepUpRequired();
}
