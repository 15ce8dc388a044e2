import type { Role } from '@/lib/staff/roles';

/** What the Account tab shows (issue 36), as GET /api/admin/account answers it. */

/** Checked on the server; the form says it before sending. */
export const PASSWORD_MIN_LENGTH = 12;

export type AccountSession = {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  device: string;
  address: string | null;
  open: boolean;
  /** The session making this request. */
  current: boolean;
};

export type Account = { name: string; username: string; role: Role; sessions: AccountSession[] };
