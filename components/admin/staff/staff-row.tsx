'use client';

import { useState } from 'react';
import { adminApi } from '@/lib/admin/api-client';
import type { Invited, StaffMemberView } from '@/lib/admin/staff-query';
import { ROLE_LABELS, ROLES, type Role } from '@/lib/staff/roles';

type Props = {
  member: StaffMemberView;
  onChanged: (staff: StaffMemberView[]) => void;
  onInvited: (invited: Invited) => void;
  onRefresh: () => Promise<void>;
};

const STATE_LABELS: Record<StaffMemberView['state'], string> = { invited: 'Invited', active: 'Active', disabled: 'Disabled' };

/** One member: their role, and what the owner can do about them. */
export function StaffRow({ member, onChanged, onInvited, onRefresh }: Props) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'status'; text: string } | null>(null);

  async function act(work: () => Promise<string | void>) {
    setBusy(true);
    setMessage(null);
    try {
      const done = await work();
      if (done) setMessage({ kind: 'status', text: done });
    } catch (failure) {
      setMessage({ kind: 'error', text: failure instanceof Error ? failure.message : 'The change failed' });
      await onRefresh();
    } finally {
      setBusy(false);
    }
  }

  const label = `${member.name} (${member.email ?? member.username})`;

  return (
    <li className="space-y-2 px-4 py-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium">{member.name}</p>
          <p className="text-muted">
            {member.email ?? member.username} · {STATE_LABELS[member.state]}
            {member.lastSignInAt && ` · last sign-in ${new Date(member.lastSignInAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <select
            aria-label={`Role of ${label}`}
            value={member.role}
            disabled={busy}
            onChange={(event) => void act(async () => onChanged(await adminApi.updateStaff(member.id, { role: event.target.value as Role })))}
            className="rounded border border-line bg-raised px-2 py-1.5"
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
          {member.state === 'invited' && (
            <button type="button" disabled={busy} onClick={() => void act(async () => onInvited(await adminApi.reinviteStaff(member.id)))} className="rounded border border-line px-3 py-1.5 hover:border-gold disabled:opacity-60">
              New invitation link
            </button>
          )}
          <button
            type="button"
            disabled={busy}
            aria-label={`Sign out ${label} everywhere`}
            onClick={() => void act(async () => `${(await adminApi.endStaffSessions(member.id)).ended} session(s) ended.`)}
            className="rounded border border-line px-3 py-1.5 hover:border-sold hover:text-sold disabled:opacity-60"
          >
            Sign out everywhere
          </button>
          <button
            type="button"
            disabled={busy}
            aria-label={`${member.state === 'disabled' ? 'Enable' : 'Disable'} ${label}`}
            onClick={() => void act(async () => onChanged(await adminApi.updateStaff(member.id, { disabled: member.state !== 'disabled' })))}
            className="rounded border border-line px-3 py-1.5 hover:border-sold hover:text-sold disabled:opacity-60"
          >
            {member.state === 'disabled' ? 'Enable' : 'Disable'}
          </button>
        </div>
      </div>
      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'text-sold' : 'text-ok'}>
          {message.text}
        </p>
      )}
    </li>
  );
}
