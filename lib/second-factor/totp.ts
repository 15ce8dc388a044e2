import 'server-only';
import { Secret, TOTP } from 'otpauth';

/**
 * Authenticator apps (RFC 6238): 6 digits, 30-second steps, SHA-1, the parameters every app
 * supports. A code is accepted for the step before and after this one too (clock drift), and the
 * step it matched is what the database uses up (lib/second-factor/store.ts, useTotpStep).
 */
const PERIOD_SECONDS = 30;
const ISSUER = 'ORX';

const totpOf = (secret: string, account = '') =>
  new TOTP({ issuer: ISSUER, label: account, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS });

/** A new secret: 160 random bits, in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address the QR code carries. */
export function totpUri(secret: string, account: string): string {
  return totpOf(secret, account).toString();
}

/** The code an app shows at `now` (for tests and for nothing else). */
export function totpCode(secret: string, now: Date): string {
  return totpOf(secret).generate({ timestamp: now.getTime() });
}

/** The time step the code belongs to, if it is the code of this step or the one before or after; else null. */
export function stepOfCode(secret: string, code: string, now: Date): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret).validate({ token, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}
