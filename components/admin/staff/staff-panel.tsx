'use client';

import { useState } from 'react';
import { adminApi } from '@/lib/admin/api-client';
import type { Invited } from '@/lib/admin/staff-query';
import { RetryAlert } from '../retry-alert';
import { useLoaded } from '../use-loaded';
import { InviteForm } from './invite-form';
import { StaffRow } from './staff-row';

/** The owner's Staff tab (issue 36): the members, inviting one, roles, and turning a member off. */
export function StaffPanel() {
  const { data: staff, setData: setStaff, error, reload: load } = useLoaded(adminApi.staff, 'Failed to load the staff');
  const [invited, setInvited] = useState<Invited | null>(null);

  const showInvitation = (result: Invited) => {
    setInvited(result);
    setStaff(result.staff);
  };

  return (
    <div className="max-w-4xl space-y-8">
      <section aria-labelledby="staff-heading" className="space-y-4">
        <h2 id="staff-heading" className="font-serif text-xl">
          Staff
        </h2>
        {error && <RetryAlert message={error} onRetry={() => void load()} />}
        {staff === null ? (
          !error && <p className="text-muted">Loading...</p>
        ) : (
          <ul className="divide-y divide-line rounded-lg border border-line bg-surface">
            {staff.map((member) => (
              <StaffRow key={member.id} member={member} onChanged={setStaff} onInvited={showInvitation} onRefresh={load} />
            ))}
          </ul>
        )}
      </section>
      {invited && (
        <section aria-labelledby="invitation-heading" role="status" className="space-y-2 rounded-lg border border-gold/50 bg-surface p-4">
          <h3 id="invitation-heading" className="font-serif text-lg">
            Invitation link
          </h3>
          <p className="text-sm text-muted">
            Shown this once; it works once, until {new Date(invited.expiresAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}.{' '}
            {invited.emailed ? 'It was also e-mailed to the new member.' : 'Pass it on to the new member yourself.'}
          </p>
          <input readOnly value={invited.link} aria-label="Invitation link" onFocus={(event) => event.currentTarget.select()} className="w-full rounded border border-line bg-raised px-3 py-2 font-mono text-sm" />
        </section>
      )}
      <InviteForm onInvited={showInvitation} />
    </div>
  );
}
