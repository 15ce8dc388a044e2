import 'server-only';
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Authenticator-app secrets are kept sealed (AES-256-GCM, with a key derived from SESSION_SECRET
 * for this purpose only): a copy of the database alone cannot make a member's codes. Rotating
 * SESSION_SECRET therefore retires every app; passkeys and recovery codes still sign in, and the
 * member sets the app up again (docs/security.md).
 */
const keyOf = (sessionSecret: string) => createHmac('sha256', sessionSecret).update('orx totp secrets').digest();

export function seal(text: string, sessionSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(sessionSecret), iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The text, or null for anything not sealed with this secret. */
export function unseal(value: string, sessionSecret: string): string | null {
  const [version, iv, tag, sealed] = value.split('.');
  if (version !== 'v1' || !iv || !tag || sealed === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(sessionSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
