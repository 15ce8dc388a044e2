import 'server-only';
import path from 'node:path';
import { z } from '@/lib/zod';
import { ConfigError, dataDirOf, optionalText, parseEnvironment, type Environment } from '@/lib/config';
import { isShownLine, UNSHOWN_TEXT } from '@/lib/validation/shown-line';
import { parsePasswordHash } from './password';

/** The admin login: the operator's username, the scrypt hash of the password, the cookie secret. */
export type AdminCredentials = { username: string; passwordHash: string; sessionSecret: string };

export type AdminConfig =
  | { kind: 'configured'; credentials: AdminCredentials }
  /** Development only: credentials made once and kept in this file. */
  | { kind: 'generated'; file: string };

const ADMIN_VARIABLES = ['ADMIN_USERNAME', 'ADMIN_PASSWORD_HASH', 'SESSION_SECRET'] as const;

export const SESSION_SECRET_MIN_LENGTH = 32;

const adminSchema = z.object({
  DATA_DIR: optionalText,
  NODE_ENV: optionalText,
  // The bootstrap owner's name too (ensure_owner), so it follows the rules of every staff name.
  ADMIN_USERNAME: optionalText.pipe(z.string().max(100, 'must be at most 100 characters').refine(isShownLine, UNSHOWN_TEXT).optional()),
  ADMIN_PASSWORD_HASH: optionalText.pipe(
    z
      .string()
      .refine((hash) => parsePasswordHash(hash) !== null, 'must be a scrypt hash made by `npm run hash-password`')
      .optional(),
  ),
  SESSION_SECRET: optionalText.pipe(
    z.string().min(SESSION_SECRET_MIN_LENGTH, `must be at least ${SESSION_SECRET_MIN_LENGTH} characters`).optional(),
  ),
});

/**
 * Where the admin credentials come from. Production needs all three variables; development
 * without any of them generates credentials into DATA_DIR; a partial setting is always an error.
 */
export function parseAdminConfig(env: Environment): AdminConfig {
  const vars = parseEnvironment(adminSchema, env);
  const missing = ADMIN_VARIABLES.filter((name) => vars[name] === undefined);
  if (missing.length === 0) {
    return {
      kind: 'configured',
      credentials: { username: vars.ADMIN_USERNAME!, passwordHash: vars.ADMIN_PASSWORD_HASH!, sessionSecret: vars.SESSION_SECRET! },
    };
  }
  const missingText = `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing`;
  const howTo =
    'Set ADMIN_USERNAME, ADMIN_PASSWORD_HASH (made by `npm run hash-password`) and SESSION_SECRET ' +
    `(at least ${SESSION_SECRET_MIN_LENGTH} random characters).`;
  if (vars.NODE_ENV === 'production') {
    throw new ConfigError(`The admin login is not configured: ${missingText}. ${howTo}`);
  }
  if (missing.length < ADMIN_VARIABLES.length) {
    throw new ConfigError(`The admin login is half configured: ${missingText}. ${howTo} Or set none of them in development.`);
  }
  return { kind: 'generated', file: path.join(dataDirOf(vars), 'admin-credentials.json') };
}
