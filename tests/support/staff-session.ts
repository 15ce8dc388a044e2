import path from 'node:path';
import { getAdminCredentials } from '@/lib/auth/credentials';
import { ensureOwner } from '@/lib/auth/owner';
import { createSessionCookie, newSessionToken, SESSION_TTL_SECONDS } from '@/lib/auth/session';
import { openEmbeddedDatabase } from '@/lib/db/embedded';
import type { Role } from '@/lib/staff/roles';
import { factorStore } from '@/lib/second-factor/server-store';
import { staffStore } from '@/lib/staff/server-store';

/**
 * A signed-in member of staff for route tests on the embedded database (DATA_DIR): the owner made
 * from the admin login, or a member of another role added to the table. Answers the session
 * cookie's value, made as a real sign-in makes it: a session row and its sealed token, with its
 * second factor given at `secondFactorAt`.
 */
export async function staffCookie(
  role: Role = 'owner',
  { now = new Date(), name = `${role} member`, secondFactorAt = now as Date | null } = {},
): Promise<string> {
  const member = role === 'owner' ? await owner() : await memberOf(role, name);
  const { token, id } = newSessionToken();
  const started = await staffStore().startSession({
    id,
    staffId: member,
    now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
    device: 'route test',
    address: null,
  });
  if (!started) throw new Error(`No session for the ${role} member`);
  // As if the member had given their second factor then (null: the password alone, so far).
  if (secondFactorAt) await factorStore().markSecondFactor(id, secondFactorAt);
  return (await createSessionCookie(token, (await getAdminCredentials()).sessionSecret)).value;
}

async function owner(): Promise<string> {
  await ensureOwner();
  const found = await staffStore().byUsername((await getAdminCredentials()).username);
  if (!found) throw new Error('The owner was not made');
  return found.id;
}

async function memberOf(role: Role, name: string): Promise<string> {
  const db = await openEmbeddedDatabase(path.resolve(process.env.DATA_DIR ?? ''));
  const { rows } = await db.query<{ id: string }>(
    `insert into public.staff (username, name, role, password_hash) values (lower($1), $1, $2, null)
     on conflict (username) do update set role = excluded.role returning id`,
    [name, role],
  );
  return rows[0]!.id;
}
