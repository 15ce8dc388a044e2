import { scryptSync } from 'node:crypto';

/**
 * The admin login of the end-to-end server. Fixed values (the salt too), so that a build made
 * with them in its environment can be searched for them (admin-bundle.spec.ts).
 */
export const E2E_ADMIN = {
  username: 'e2e-operator',
  password: 'e2e-Quiet-Luxury-Password-7342',
  sessionSecret: 'e2e-session-secret-0123456789abcdefghijklmnopqrstuv',
};

const N = 2 ** 14;
const salt = Buffer.from('orx-e2e-fixed-salt');

/** The same format as lib/auth/password.ts, cheaper parameters: logins in tests stay quick. */
export const E2E_ADMIN_PASSWORD_HASH = [
  'scrypt',
  N,
  8,
  1,
  salt.toString('base64url'),
  scryptSync(E2E_ADMIN.password.normalize('NFKC'), salt, 64, { N, r: 8, p: 1 }).toString('base64url'),
].join(':');

/** The variables the e2e server (and the build the bundle check searches) runs with. */
export const E2E_ADMIN_ENV = {
  ADMIN_USERNAME: E2E_ADMIN.username,
  ADMIN_PASSWORD_HASH: E2E_ADMIN_PASSWORD_HASH,
  SESSION_SECRET: E2E_ADMIN.sessionSecret,
};
