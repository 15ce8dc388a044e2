'use client';

import { useState, type FormEvent } from 'react';
import { factorApi } from '@/lib/admin/second-factor-client';
import type { FactorState } from '@/lib/second-factor/state';
import { Field, inputClass } from '../field';

type Props = { state: FactorState; onVerified: () => void };

const messageOf = (failure: unknown, fallback: string) =>
  failure instanceof Error && failure.name !== 'NotAllowedError' ? failure.message : fallback;

/**
 * Gives the second factor: the passkey, a code from the app, or a recovery code, whichever the
 * member has. Used after the password, and again for step-up.
 */
export function FactorPrompt({ state, onVerified }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [recovery, setRecovery] = useState(!state.totp && state.passkeys.length === 0);

  async function attempt(work: () => Promise<unknown>, fallback: string) {
    setBusy(true);
    setError(null);
    try {
      await work();
      onVerified();
    } catch (failure) {
      setError(messageOf(failure, fallback));
    } finally {
      setBusy(false);
    }
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    void attempt(() => (recovery ? factorApi.recoveryCode(code) : factorApi.appCode(code)), 'That code was not accepted.');
  }

  return (
    <div className="space-y-5">
      {state.passkeys.length > 0 && (
        <button
          type="button"
          disabled={busy}
          onClick={() => void attempt(() => factorApi.usePasskey(), 'The passkey was not used. Try again, or use another way.')}
          className="w-full rounded bg-gold px-4 py-3 font-medium text-ink hover:bg-gold-bright disabled:opacity-70"
        >
          Use your passkey
        </button>
      )}
      {(state.totp || recovery) && (
        <form onSubmit={submitCode} className="space-y-4">
          <Field label={recovery ? 'Recovery code' : 'Code from your authenticator app'} htmlFor="factor-code">
            <input
              id="factor-code"
              key={recovery ? 'recovery' : 'app'}
              name="code"
              required
              autoComplete="one-time-code"
              inputMode={recovery ? 'text' : 'numeric'}
              maxLength={recovery ? 20 : 6}
              className={inputClass}
            />
          </Field>
          <button type="submit" disabled={busy} className="w-full rounded border border-gold px-4 py-2 text-gold hover:text-gold-bright disabled:opacity-70">
            {busy ? 'Checking...' : 'Confirm'}
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="rounded border border-sold/40 bg-sold/10 px-3 py-2 text-sm text-sold">
          {error}
        </p>
      )}
      {state.recoveryCodesLeft > 0 && (state.totp || state.passkeys.length > 0) && (
        <button type="button" onClick={() => setRecovery((shown) => !shown)} className="text-sm text-muted underline underline-offset-4 hover:text-ivory">
          {recovery ? (state.totp ? 'Use a code from your app instead' : 'Use your passkey instead') : 'Use a recovery code instead'}
        </button>
      )}
    </div>
  );
}
