'use client';

import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '@/lib/admin/account-query';
import { adminApi } from '@/lib/admin/api-client';
import { Field, inputClass } from '../field';

/** Changes the member's password. Every session of the account ends with it, this one too. */
export function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const current = String(form.get('current') ?? '');
    const next = String(form.get('next') ?? '');
    if (next !== String(form.get('confirm') ?? '')) {
      setError('The new password and its confirmation differ.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await adminApi.changePassword(current, next);
      onChanged();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Failed to change the password');
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="password-heading" className="space-y-4">
      <h3 id="password-heading" className="font-serif text-lg">
        Change password
      </h3>
      <p className="text-sm text-muted">Every session of your account ends, this one too: you then sign in with the new password.</p>
      <form onSubmit={submit} className="max-w-md space-y-4">
        <Field label="Current password" htmlFor="current-password">
          <input id="current-password" name="current" type="password" autoComplete="current-password" required className={inputClass} />
        </Field>
        <Field label="New password" htmlFor="new-password">
          <input id="new-password" name="next" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} className={inputClass} />
        </Field>
        <Field label="Confirm new password" htmlFor="confirm-password">
          <input id="confirm-password" name="confirm" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} className={inputClass} />
        </Field>
        {error && (
          <p role="alert" className="text-sm text-sold">
            {error}
          </p>
        )}
        <button type="submit" disabled={saving} className="rounded bg-gold px-4 py-2 font-medium text-ink hover:bg-gold-bright disabled:opacity-60">
          {saving ? 'Saving...' : 'Change password'}
        </button>
      </form>
    </section>
  );
}
