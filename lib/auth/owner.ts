import 'server-only';
import { staffStore } from '@/lib/staff/server-store';
import { getAdminCredentials } from './credentials';

/**
 * ADMIN_USERNAME and ADMIN_PASSWORD_HASH (or development's generated login) are the owner's
 * bootstrap: while the shop has no owner who can sign in (a fresh shop, or one left without), the
 * first sign-in makes that username an owner with that password, so a shop that ran before staff
 * accounts keeps its login and a shop without an owner gets one back (docs/security.md). Once an
 * owner has a second factor the account lives in the database only.
 * Once per server process (on globalThis: Next's server may evaluate modules twice).
 */
export function ensureOwner(): Promise<void> {
  const holder = globalThis as typeof globalThis & { __orxOwnerEnsured?: Promise<void> };
  holder.__orxOwnerEnsured ??= getAdminCredentials()
    .then((credentials) => staffStore().ensureOwner(credentials.username, credentials.passwordHash))
    .then(() => undefined)
    .catch((error: unknown) => {
      delete holder.__orxOwnerEnsured;
      throw error;
    });
  return holder.__orxOwnerEnsured;
}
