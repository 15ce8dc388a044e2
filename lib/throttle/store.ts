import 'server-only';
import { createHash } from 'node:crypto';

/**
 * Limits kept per key in the database, so every server instance sees the same counts (the SQL is
 * supabase/migrations/20261123120200_request_throttle.sql; docs/security.md explains the policy).
 */

/** How a family of keys is limited: `limit` hits per window, then a delay doubling from base to max. */
export type ThrottlePolicy = { windowSeconds: number; baseDelaySeconds: number; maxDelaySeconds: number };

export type ThrottleBucket = { key: string; limit: number };

export type ThrottleVerdict = { blocked: false } | { blocked: true; retryAfterSeconds: number };

export interface ThrottleStore {
  /** One hit on every bucket, or none when any of them is in its delay (then blocked). */
  take(buckets: ThrottleBucket[], policy: ThrottlePolicy, now: Date): Promise<ThrottleVerdict>;
  /** Forgets the keys. */
  clear(keys: string[]): Promise<void>;
  /** Takes back one hit from each bucket: a request counted before it was known to be harmless. */
  giveBack(buckets: ThrottleBucket[]): Promise<void>;
}

/** What the SQL function answers, the same through PGlite and PostgREST. */
export type ThrottleRow = { blocked: boolean; retry_after_seconds: number };

export function verdictOf(row: ThrottleRow | undefined): ThrottleVerdict {
  if (!row) throw new Error('The throttle answered no row');
  return row.blocked ? { blocked: true, retryAfterSeconds: row.retry_after_seconds } : { blocked: false };
}

/**
 * The key of one counted thing (`purpose` says which limit: a username's logins, a client's
 * orders…); hashed, so the table holds no address or name in clear.
 */
export function throttleKey(purpose: string, value: string): string {
  return createHash('sha256').update(`${purpose}\n${value}`).digest('hex');
}
