/**
 * SQLSTATE classes 22 (data exception: a value out of range, a NUL byte, bad JSON) and 23
 * (integrity constraint violation: a check, a foreign key, a unique key) mean the database
 * refused the data it was sent: trying again cannot help, so it is the request's 4xx, never an
 * outage's retryable 503. The schemas are meant to refuse all of it first (lib/validation);
 * this is the backstop.
 */
const DATA_REFUSAL = /^2[23][0-9A-Z]{3}$/;

/** Supabase's form of a refusal (PostgREST passes Postgres's SQLSTATE on as `code`). */
export class DataRefusedError extends Error {
  override name = 'DataRefusedError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function isDataRefusalCode(code: unknown): code is string {
  return typeof code === 'string' && DATA_REFUSAL.test(code);
}

/** A refusal from either store: PGlite throws its DatabaseError with the SQLSTATE as `code`. */
export function isDataRefusal(error: unknown): boolean {
  return error instanceof Error && 'code' in error && isDataRefusalCode(error.code);
}

/**
 * What the database raises for a change that needs the member's second factor given in the last
 * minutes (a price cut or a price under the floor: …_price_history.sql); the route answers it as
 * step-up (lib/admin/route.ts).
 */
export const STEP_UP_SQLSTATE = 'OX403';

/** That refusal from either store. */
export function isStepUpRefusal(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === STEP_UP_SQLSTATE;
}
