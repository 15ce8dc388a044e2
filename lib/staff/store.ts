import 'server-only';
import { z } from '@/lib/zod';
import { ROLES, type Role } from './roles';

/**
 * The back office's people and their sessions, kept in the database so that every server instance
 * sees the same (supabase/migrations/20261126001000_staff_accounts.sql).
 */
export type StaffMember = {
  id: string;
  username: string;
  name: string;
  email: string | null;
  role: Role;
  passwordHash: string | null;
  createdAt: Date;
  disabledAt: Date | null;
};

/** A session that still holds, with its member. */
export type StaffSession = {
  sessionId: string;
  staffId: string;
  username: string;
  name: string;
  role: Role;
  createdAt: Date;
  expiresAt: Date;
  /** When the second factor was last given in this session; null: the password alone, so far. */
  secondFactorAt: Date | null;
  /** A WebAuthn challenge in flight. */
  challenge: string | null;
  /** An authenticator app being set up (sealed). */
  pendingTotpSecret: string | null;
};

/** One of a member's sessions, as listed under the account. */
export type SessionRecord = {
  sessionId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  device: string;
  address: string | null;
  open: boolean;
};

/** A member as the owner's Staff tab lists them. */
export type StaffListing = {
  id: string;
  username: string;
  name: string;
  email: string | null;
  role: Role;
  createdAt: Date;
  disabledAt: Date | null;
  /** False until an invited member has chosen a password. */
  hasPassword: boolean;
  lastSignInAt: Date | null;
  /** When the member's open invitation ends, if they have one. */
  invitationExpiresAt: Date | null;
};

export type NewInvitation = { id: string; name: string; email: string; role: Role; now: Date; expiresAt: Date };

/** Who an invitation that can still be used is for. */
export type Invitation = { staffId: string; name: string; username: string; role: Role };

export type StaffUpdate = { role?: Role; disabled?: boolean };
export type StaffUpdateOutcome = 'updated' | 'not-found' | 'last-owner';

export type SessionScope = { staffId: string; sessionId?: string } | { sessionId: string };

export type NewSession = { id: string; staffId: string; now: Date; expiresAt: Date; device: string; address: string | null };

export interface StaffStore {
  /** Makes the bootstrap login an owner while no owner can sign in; answers whether it changed anything. */
  ensureOwner(username: string, passwordHash: string): Promise<boolean>;
  byUsername(username: string): Promise<StaffMember | null>;
  /** Null when the member is disabled (or gone). */
  startSession(session: NewSession): Promise<{ id: string } | null>;
  /** The session if it still holds at `now`; using it moves its idle limit on. */
  touchSession(id: string, now: Date, idleSeconds: number): Promise<StaffSession | null>;
  sessionsOf(staffId: string, now: Date, idleSeconds: number): Promise<SessionRecord[]>;
  /** Ends one session of the member, all of them (no sessionId), or the one signing out (no staffId); answers how many ended. */
  endSessions(scope: SessionScope, reason: string): Promise<number>;
  /** Sets the password and ends every session of the member, at once. */
  setPassword(staffId: string, passwordHash: string): Promise<boolean>;
  list(now: Date): Promise<StaffListing[]>;
  /** Adds the member with their invitation; null when the e-mail is already a member's. */
  invite(invitation: NewInvitation): Promise<StaffMember | null>;
  /** A new invitation for a member who has not accepted one; their older links stop working. */
  reinvite(staffId: string, invitationId: string, now: Date, expiresAt: Date): Promise<boolean>;
  invitation(id: string, now: Date): Promise<Invitation | null>;
  /** Uses the invitation up and sets the member's password; null if it cannot be used (any more). */
  acceptInvitation(id: string, passwordHash: string, now: Date): Promise<{ staffId: string; username: string } | null>;
  /** Disabling a member ends their sessions; the last owner who can sign in stays one. */
  update(staffId: string, update: StaffUpdate, now: Date): Promise<StaffUpdateOutcome>;
}

const dateOf = z.union([z.string(), z.date()]).transform((value) => new Date(value));
const nullableDate = dateOf.nullable();
const role = z.enum(ROLES);

/** The columns every answer about a member carries. */
const memberColumns = {
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role,
  created_at: dateOf,
  disabled_at: nullableDate,
};

const memberRow = z
  .object({ ...memberColumns, password_hash: z.string().nullable() })
  .transform((row): StaffMember => ({
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    role: row.role,
    passwordHash: row.password_hash,
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
  }));

const sessionRow = z
  .object({
    session_id: z.string(),
    staff_id: z.string(),
    username: z.string(),
    name: z.string(),
    role,
    created_at: dateOf,
    expires_at: dateOf,
    second_factor_at: nullableDate,
    challenge: z.string().nullable(),
    pending_totp_secret: z.string().nullable(),
  })
  .transform((row): StaffSession => ({
    sessionId: row.session_id,
    staffId: row.staff_id,
    username: row.username,
    name: row.name,
    role: row.role,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    secondFactorAt: row.second_factor_at,
    challenge: row.challenge,
    pendingTotpSecret: row.pending_totp_secret,
  }));

const recordRow = z
  .object({
    session_id: z.string(),
    created_at: dateOf,
    last_seen_at: dateOf,
    expires_at: dateOf,
    device: z.string(),
    address: z.string().nullable(),
    open: z.boolean(),
  })
  .transform((row): SessionRecord => ({
    sessionId: row.session_id,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    device: row.device,
    address: row.address,
    open: row.open,
  }));

const listingRow = z
  .object({
    ...memberColumns,
    has_password: z.boolean(),
    last_sign_in_at: nullableDate,
    invitation_expires_at: nullableDate,
  })
  .transform((row): StaffListing => ({
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    role: row.role,
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
    hasPassword: row.has_password,
    lastSignInAt: row.last_sign_in_at,
    invitationExpiresAt: row.invitation_expires_at,
  }));

const invitationRow = z
  .object({ staff_id: z.string(), name: z.string(), username: z.string(), role })
  .transform((row): Invitation => ({ staffId: row.staff_id, name: row.name, username: row.username, role: row.role }));

const acceptedRow = z.object({ staff_id: z.string(), username: z.string() }).transform((row) => ({ staffId: row.staff_id, username: row.username }));

const outcomeRow = z.object({ outcome: z.enum(['updated', 'not-found', 'last-owner']) });

export const staffListings = (rows: unknown[]): StaffListing[] => rows.map((row) => listingRow.parse(row));
export const firstInvitation = (rows: unknown[]): Invitation | null => (rows[0] ? invitationRow.parse(rows[0]) : null);
export const firstAccepted = (rows: unknown[]) => (rows[0] ? acceptedRow.parse(rows[0]) : null);
export const updateOutcome = (rows: unknown[]): StaffUpdateOutcome => outcomeRow.parse(rows[0]).outcome;

export const firstMember = (rows: unknown[] | null | undefined): StaffMember | null => (rows?.[0] ? memberRow.parse(rows[0]) : null);
export const firstSession = (rows: unknown[] | null | undefined): StaffSession | null => (rows?.[0] ? sessionRow.parse(rows[0]) : null);
export const sessionRecords = (rows: unknown[] | null | undefined): SessionRecord[] => (rows ?? []).map((row) => recordRow.parse(row));

export const startArguments = (session: NewSession) => ({
  p_id: session.id,
  p_staff_id: session.staffId,
  p_now: session.now.toISOString(),
  p_expires_at: session.expiresAt.toISOString(),
  p_device: session.device,
  p_address: session.address,
});
