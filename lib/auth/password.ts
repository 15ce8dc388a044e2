import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Admin passwords are stored as scrypt hashes that carry their own parameters and salt:
 * `scrypt:N:r:p:salt:hash` (salt and hash in base64url), so stronger parameters can be adopted
 * without breaking existing hashes. Colons, not dollar signs: Next expands `$name` in .env files.
 */

export type ScryptParameters = { N: number; r: number; p: number };

/** OWASP's recommended minimum: 32 MB and some tens of milliseconds per check. */
export const DEFAULT_SCRYPT: ScryptParameters = { N: 2 ** 15, r: 8, p: 1 };

const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

/** Matches the format only; parsePasswordHash also bounds the parameters. */
export const PASSWORD_HASH_PATTERN = /^scrypt:\d+:\d+:\d+:[A-Za-z0-9_-]{16,}:[A-Za-z0-9_-]{16,}$/;

type ParsedHash = ScryptParameters & { salt: Buffer; hash: Buffer };

export function parsePasswordHash(stored: string): ParsedHash | null {
  if (!PASSWORD_HASH_PATTERN.test(stored)) return null;
  const [, n, r, p, salt, hash] = stored.split(':');
  const parameters = { N: Number(n), r: Number(r), p: Number(p) };
  // Bounded so that a mistyped hash cannot make every login allocate gigabytes.
  const isPowerOfTwo = (value: number) => Number.isInteger(Math.log2(value));
  if (!isPowerOfTwo(parameters.N) || parameters.N < 2 ** 10 || parameters.N > 2 ** 20) return null;
  if (parameters.r < 1 || parameters.r > 32 || parameters.p < 1 || parameters.p > 16) return null;
  return { ...parameters, salt: Buffer.from(salt!, 'base64url'), hash: Buffer.from(hash!, 'base64url') };
}

function derive(password: string, salt: Buffer, length: number, { N, r, p }: ScryptParameters): Promise<Buffer> {
  // Node's default maxmem (32 MB) is just below what N = 2^15 needs: 128 · N · r bytes, plus room.
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * p + 32 * 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string, parameters: ScryptParameters = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await derive(password, salt, KEY_LENGTH, parameters);
  const { N, r, p } = parameters;
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join(':');
}

/** False for a wrong password or a malformed hash; compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.hash.length, parsed);
  return candidate.length === parsed.hash.length && timingSafeEqual(candidate, parsed.hash);
}

/** Compares two texts in time that does not depend on where they differ (or on their lengths). */
export function textsEqual(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}
