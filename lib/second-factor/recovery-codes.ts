import 'server-only';
import { createHash, randomInt } from 'node:crypto';

/**
 * Ten single-use recovery codes, for a member whose passkey and app are out of reach. Each is ten
 * characters of an alphabet with no look-alikes (about 50 random bits), shown as `xxxxx-xxxxx` once;
 * the database keeps their SHA-256. Typed in any case, with or without the dash or spaces.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export function recoveryCodeHash(code: string): string {
  const normalized = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`orx recovery ${normalized}`).digest('base64url');
}
