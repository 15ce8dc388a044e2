import type { Role } from '@/lib/staff/roles';

/** What the owner's Staff tab shows (issue 36), as /api/admin/staff answers it. */

export type StaffMemberView = {
  id: string;
  name: string;
  email: string | null;
  username: string;
  role: Role;
  /** Invited: has not chosen a password yet. */
  state: 'invited' | 'active' | 'disabled';
  lastSignInAt: string | null;
  invitationExpiresAt: string | null;
};

/** An invitation just made: its link is shown this once. */
export type Invited = { link: string; expiresAt: string; emailed: boolean; staff: StaffMemberView[] };
