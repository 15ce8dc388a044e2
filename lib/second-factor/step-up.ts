import 'server-only';
import { HttpError } from '@/lib/http/errors';
import type { StaffSession } from '@/lib/staff/store';

/**
 * Step-up (issue 36): what can hurt the shop most (exporting the buyers' addresses, changing staff
 * or roles, cutting a price by more than half, changing one's own factors) needs the second factor
 * given in the last 5 minutes. The page answers STEP_UP_REQUIRED with the factor prompt, then sends
 * the request again.
 */
export const STEP_UP_SECONDS = 5 * 60;

import { STEP_UP_REQUIRED } from './step-up-code';

export function hasRecentFactor(session: StaffSession, now = new Date()): boolean {
  return session.secondFactorAt !== null && now.getTime() - session.secondFactorAt.getTime() < STEP_UP_SECONDS * 1000;
}

export function requireRecentFactor(session: StaffSession, now = new Date()): void {
  if (!hasRecentFactor(session, now)) {
    throw new HttpError(403, 'Confirm it is you: use your second factor again.', { code: STEP_UP_REQUIRED });
  }
}
