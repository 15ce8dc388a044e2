import 'server-only';
import { parseDeliveryConfig } from '@/lib/events/config';
import { sendStaffInvitation } from '@/lib/email/send';
import { newSessionToken } from '@/lib/auth/session';
import { siteUrl } from '@/lib/config';
import { HttpError } from '@/lib/http/errors';
import { ROLE_LABELS, ROLES } from '@/lib/staff/roles';
import { staffStore } from '@/lib/staff/server-store';
import type { StaffListing, StaffSession } from '@/lib/staff/store';
import { requireRecentFactor } from '@/lib/second-factor/step-up';
import { isSingleMailbox } from '@/lib/validation/mailbox';
import { isShownLine, UNSHOWN_TEXT } from '@/lib/validation/shown-line';
import { z } from '@/lib/zod';
import { parseOrThrow, readJsonObject } from './http';
import type { Invited, StaffMemberView } from './staff-query';

/**
 * The owner's Staff tab (issue 36): the members, invitations, roles, and turning a member off. Every
 * change needs the second factor given in the last 5 minutes (step-up).
 */

export const INVITATION_TTL_HOURS = 48;

export const STAFF_MESSAGES = {
  taken: 'Someone on the staff already has this e-mail address.',
  notFound: 'Staff member not found',
  lastOwner: 'The shop needs an owner who can sign in: make someone else owner first.',
  accepted: 'This member has already chosen a password.',
} as const;

const invitationSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'A name is required')
    .max(100, 'A name may have at most 100 characters')
    .refine(isShownLine, `A name ${UNSHOWN_TEXT}`),
  email: z.string().trim().refine(isSingleMailbox, 'A valid e-mail address is required'),
  role: z.enum(ROLES, { error: 'Choose a role: owner, catalogue or fulfilment' }),
});

const updateSchema = z
  .object({ role: z.enum(ROLES, { error: 'Choose a role: owner, catalogue or fulfilment' }).optional(), disabled: z.boolean().optional() })
  .refine((update) => update.role !== undefined || update.disabled !== undefined, 'Nothing to change');

const memberId = z.guid();

/** A staff id from the path: anything but a UUID is no member (404), never a database error. */
function staffIdOf(id: string): string {
  if (!memberId.safeParse(id).success) throw new HttpError(404, STAFF_MESSAGES.notFound);
  return id;
}

const view = (member: StaffListing): StaffMemberView => ({
  id: member.id,
  name: member.name,
  email: member.email,
  username: member.username,
  role: member.role,
  state: member.disabledAt ? 'disabled' : member.hasPassword ? 'active' : 'invited',
  lastSignInAt: member.lastSignInAt?.toISOString() ?? null,
  invitationExpiresAt: member.invitationExpiresAt?.toISOString() ?? null,
});

export async function staffList(now = new Date()): Promise<StaffMemberView[]> {
  return (await staffStore().list(now)).map(view);
}

/** A new link: shown to the owner once, e-mailed to the member when the shop sends e-mail. */
async function newLink(now: Date): Promise<{ id: string; link: string; expiresAt: Date }> {
  const { token, id } = newSessionToken();
  // In the fragment, which browsers never send: it stays out of every server's and proxy's logs.
  const link = new URL(`/admin/invite#${token}`, siteUrl()).toString();
  return { id, link, expiresAt: new Date(now.getTime() + INVITATION_TTL_HOURS * 3600 * 1000) };
}

async function mailed(to: string | null, name: string, role: StaffListing['role'], link: string): Promise<boolean> {
  const mail = parseDeliveryConfig().mail;
  return mail !== null && to !== null && sendStaffInvitation(mail, { to, name, role: ROLE_LABELS[role], link });
}

export async function inviteStaff(request: Request, session: StaffSession, now = new Date()): Promise<Invited> {
  requireRecentFactor(session, now);
  const { name, email, role } = parseOrThrow(invitationSchema, await readJsonObject(request));
  const { id, link, expiresAt } = await newLink(now);
  const member = await staffStore().invite({ id, name, email, role, now, expiresAt });
  if (!member) throw new HttpError(409, STAFF_MESSAGES.taken);
  return { link, expiresAt: expiresAt.toISOString(), emailed: await mailed(member.email, member.name, member.role, link), staff: await staffList(now) };
}

export async function reinviteStaff(pathId: string, session: StaffSession, now = new Date()): Promise<Invited> {
  requireRecentFactor(session, now);
  const staffId = staffIdOf(pathId);
  const member = (await staffStore().list(now)).find((each) => each.id === staffId);
  if (!member) throw new HttpError(404, STAFF_MESSAGES.notFound);
  const { id, link, expiresAt } = await newLink(now);
  if (!(await staffStore().reinvite(staffId, id, now, expiresAt))) throw new HttpError(409, STAFF_MESSAGES.accepted);
  return { link, expiresAt: expiresAt.toISOString(), emailed: await mailed(member.email, member.name, member.role, link), staff: await staffList(now) };
}

export async function updateStaff(pathId: string, request: Request, session: StaffSession, now = new Date()): Promise<StaffMemberView[]> {
  requireRecentFactor(session, now);
  const staffId = staffIdOf(pathId);
  const update = parseOrThrow(updateSchema, await readJsonObject(request));
  const outcome = await staffStore().update(staffId, update, now);
  if (outcome === 'not-found') throw new HttpError(404, STAFF_MESSAGES.notFound);
  if (outcome === 'last-owner') throw new HttpError(409, STAFF_MESSAGES.lastOwner);
  return staffList(now);
}

/** The owner signs a member out everywhere. */
export async function endStaffSessions(pathId: string, session: StaffSession): Promise<{ ended: number }> {
  requireRecentFactor(session);
  return { ended: await staffStore().endSessions({ staffId: staffIdOf(pathId) }, 'signed out by the owner') };
}
