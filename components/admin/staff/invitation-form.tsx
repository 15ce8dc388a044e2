'use client';

import Link from 'next/link';
import { useEffect, useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '@/lib/admin/account-query';
import { adminApi } from '@/lib/admin/api-client';
import { Field, inputClass } from '../field';

type Invitation = { name: string; username: string; role: string };
type Step = { kind: 'checking' } | { kind: 'invalid'; message: string } | { kind: 'ready'; invitation: Invitation } | { kind: 'done'; username: string };

/**
 * The invitation's token is the link's fragment, which browsers never send to a server: read here
 * and sent in a request body, so it stays out of every log.
 */
const tokenOfLink = () => window.location.hash.slice(1);

export function InvitationForm() {
  const [step, setStep] = useState<Step>({ kind: 'checking' });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const token = tokenOfLink();
    adminApi.lookUpInvitation(token).then(
      (invitation) => setStep({ kind: 'ready', invitation }),
      (failure: unknown) => setStep({ kind: 'invalid', message: failure instanceof Error ? failure.message : 'This invitation link cannot be used.' }),
    );
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('confirm') ?? '')) {
      setError('The password and its confirmation differ.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const { username } = await adminApi.acceptInvitation(tokenOfLink(), password);
      // The link is used up: it leaves the address bar and the history entry.
      window.history.replaceState(null, '', window.location.pathname);
      setStep({ kind: 'done', username });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Failed to set the password');
      setSaving(false);
    }
  }

  return (
    <main className="flex min-h-dvh items-center justify-center px-5 py-12">
      <div className="w-full max-w-md space-y-6 rounded-lg border border-line bg-surface p-8 shadow-2xl">
        <p className="text-center font-serif text-3xl tracking-[0.3em] text-gold">ORX</p>
        <h1 className="text-center font-serif text-2xl">Join the back office</h1>
        {step.kind === 'checking' && <p className="text-center text-muted">Checking your invitation...</p>}
        {step.kind === 'invalid' && (
          <p role="alert" className="rounded border border-sold/40 bg-sold/10 px-3 py-2 text-sm text-sold">
            {step.message}
          </p>
        )}
        {step.kind === 'ready' && (
          <form onSubmit={submit} className="space-y-5">
            <p className="text-sm text-muted">
              Welcome, {step.invitation.name}. You join as {step.invitation.role}; you will sign in as{' '}
              <strong className="text-ivory">{step.invitation.username}</strong>. Choose your password.
            </p>
            <Field label="Password" htmlFor="invite-password">
              <input id="invite-password" name="password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} className={inputClass} />
            </Field>
            <Field label="Confirm password" htmlFor="invite-confirm">
              <input id="invite-confirm" name="confirm" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} className={inputClass} />
            </Field>
            {error && (
              <p role="alert" className="rounded border border-sold/40 bg-sold/10 px-3 py-2 text-sm text-sold">
                {error}
              </p>
            )}
            <button type="submit" disabled={saving} className="w-full rounded bg-gold px-4 py-3 font-medium text-ink hover:bg-gold-bright disabled:opacity-70">
              {saving ? 'Saving...' : 'Set password'}
            </button>
          </form>
        )}
        {step.kind === 'done' && (
          <p role="status" className="text-center">
            Your password is set. Sign in as <strong>{step.username}</strong>.
          </p>
        )}
        <Link href="/admin" className="block text-center text-sm text-gold hover:text-gold-bright">
          Go to the admin sign-in
        </Link>
      </div>
    </main>
  );
}
