import 'server-only';
import type { CallFunction } from '@/lib/db/functions';
import { firstAccepted, firstInvitation, firstMember, firstSession, sessionRecords, staffListings, startArguments, updateOutcome, type StaffStore } from './store';

/** The staff store on either backend: every operation is one of the migration's functions. */
export function createStaffStore(call: CallFunction): StaffStore {
  const count = (rows: unknown[], column: string) => Number((rows[0] as Record<string, unknown> | undefined)?.[column] ?? 0);
  return {
    ensureOwner: async (username, passwordHash) => (await call('ensure_owner', { p_username: username, p_password_hash: passwordHash })).length > 0,
    byUsername: async (username) => firstMember(await call('staff_by_username', { p_username: username })),
    startSession: async (session) => {
      const rows = await call('start_staff_session', startArguments(session));
      return rows.length > 0 ? { id: session.id } : null;
    },
    touchSession: async (id, now, idleSeconds) =>
      firstSession(await call('touch_staff_session', { p_id: id, p_now: now.toISOString(), p_idle_seconds: idleSeconds })),
    sessionsOf: async (staffId, now, idleSeconds) =>
      sessionRecords(await call('staff_sessions_of', { p_staff_id: staffId, p_now: now.toISOString(), p_idle_seconds: idleSeconds })),
    endSessions: async (scope, reason) => {
      const args = { p_staff_id: 'staffId' in scope ? scope.staffId : null, p_session_id: scope.sessionId ?? null, p_reason: reason };
      return count(await call('end_staff_sessions', args), 'ended');
    },
    setPassword: async (staffId, passwordHash) =>
      count(await call('set_staff_password', { p_staff_id: staffId, p_password_hash: passwordHash }), 'changed') > 0,
    list: async (now) => staffListings(await call('staff_list', { p_now: now.toISOString() })),
    invite: async ({ id, name, email, role, now, expiresAt }) =>
      firstMember(
        await call('invite_staff', {
          p_invitation_id: id,
          p_name: name,
          p_email: email,
          p_role: role,
          p_now: now.toISOString(),
          p_expires_at: expiresAt.toISOString(),
        }),
      ),
    reinvite: async (staffId, invitationId, now, expiresAt) => {
      const args = { p_staff_id: staffId, p_invitation_id: invitationId, p_now: now.toISOString(), p_expires_at: expiresAt.toISOString() };
      return (await call('reinvite_staff', args)).some((row) => (row as { invited?: boolean }).invited === true);
    },
    invitation: async (id, now) => firstInvitation(await call('staff_invitation', { p_id: id, p_now: now.toISOString() })),
    acceptInvitation: async (id, passwordHash, now) =>
      firstAccepted(await call('accept_staff_invitation', { p_id: id, p_password_hash: passwordHash, p_now: now.toISOString() })),
    update: async (staffId, { role, disabled }, now) =>
      updateOutcome(await call('update_staff', { p_staff_id: staffId, p_role: role ?? null, p_disabled: disabled ?? null, p_now: now.toISOString() })),
  };
}
