'use client';

import { useState, type FormEvent } from 'react';
import { adminApi } from '@/lib/admin/api-client';
import type { Invited } from '@/lib/admin/staff-query';
import { ROLE_LABELS, ROLES } from '@/lib/staff/roles';
import { Field, inputClass } from '../field';

/** Invites a member: their name, e-mail (which is what they sign in with) and role. */
export function InviteForm({ onInvited }: { onInvited: (invited: Invited) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setSending(true);
    setError(null);
    try {
      onInvited(await adminApi.inviteStaff({ name: String(form.get('name') ?? ''), email: String(form.get('email') ?? ''), role: String(form.get('role') ?? '') }));
      formElement.reset();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Failed to invite');
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="invite-heading" className="space-y-4">
      <h3 id="invite-heading" className="font-serif text-lg">
        Invite a member
      </h3>
      <form onSubmit={submit} className="grid max-w-2xl gap-4 sm:grid-cols-3 sm:items-end">
        <Field label="Name" htmlFor="invite-name">
          <input id="invite-name" name="name" required maxLength={100} autoComplete="off" className={inputClass} />
        </Field>
        <Field label="E-mail" htmlFor="invite-email">
          <input id="invite-email" name="email" type="email" required autoComplete="off" className={inputClass} />
        </Field>
        <Field label="Role" htmlFor="invite-role">
          <select id="invite-role" name="role" defaultValue="catalogue" className={inputClass}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </Field>
        {error && (
          <p role="alert" className="text-sm text-sold sm:col-span-3">
            {error}
          </p>
        )}
        <button type="submit" disabled={sending} className="rounded bg-gold px-4 py-2 font-medium text-ink hover:bg-gold-bright disabled:opacity-60 sm:col-span-1">
          {sending ? 'Inviting...' : 'Invite'}
        </button>
      </form>
    </section>
  );
}
