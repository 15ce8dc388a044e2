import { createHash } from 'node:crypto';

/**
 * Failed admin logins are limited per client and username: after LOGIN_LIMIT.failures failed
 * attempts within LOGIN_LIMIT.windowSeconds the next attempt is refused, even with the right
 * password; a successful login clears the count. The count lives in the database, so every
 * server instance sees the same one.
 */
export const LOGIN_LIMIT = { failures: 5, windowSeconds: 15 * 60 } as const;

export interface LoginThrottle {
  /**
   * Counts an attempt for the key, before the password is checked; `blocked` means the limit was
   * already reached and this attempt must be refused.
   */
  attempt(key: string): Promise<{ blocked: boolean }>;
  /** Forgets the key's attempts (after a successful login). */
  clear(key: string): Promise<void>;
}

/** The key of a client and username; hashed, so the table holds no address or name in clear. */
export function throttleKey(client: string, username: string): string {
  return createHash('sha256').update(`${client}\n${username.trim().toLowerCase()}`).digest('hex');
}

/** The client's address: the first entry of x-forwarded-for as the nearest proxy passes it on. */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || headers.get('x-real-ip')?.trim() || 'unknown';
}
