'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { adminApi } from '@/lib/admin/api-client';
import { factorApi, type Enrolled } from '@/lib/admin/second-factor-client';
import { AppSetup } from './app-setup';
import { FactorPrompt } from './factor-prompt';
import { useLoaded } from '../use-loaded';
import { RecoveryCodes } from './recovery-codes';

/**
 * After the password (issue 36): a member with no second factor sets one up (a passkey or an app),
 * then saves their recovery codes; a member with one gives it. Only then does the panel open.
 */
export function SecondFactorStep({ name }: { name: string }) {
  const router = useRouter();
  const { data: state, error: loadError } = useLoaded(factorApi.state, 'Failed to load your second factors');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [failure, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const error = failure ?? loadError;

  const open = () => router.refresh();
  const enrolled = (result: Enrolled) => (result.recoveryCodes ? setCodes(result.recoveryCodes) : open());

  async function addPasskey() {
    setBusy(true);
    setError(null);
    try {
      enrolled(await factorApi.addPasskey());
    } catch (failure) {
      setError(failure instanceof Error && failure.name !== 'NotAllowedError' ? failure.message : 'No passkey was made. Try again, or use an app.');
    } finally {
      setBusy(false);
    }
  }

  async function signOut() {
    await adminApi.logOut().catch(() => undefined);
    router.refresh();
  }

  const hasFactor = state !== null && (state.totp || state.passkeys.length > 0);
  return (
    <main className="flex min-h-dvh items-center justify-center px-5 py-12">
      <div className="w-full max-w-md space-y-6 rounded-lg border border-line bg-surface p-8 shadow-2xl">
        <p className="text-center font-serif text-3xl tracking-[0.3em] text-gold">ORX</p>
        {codes ? (
          <RecoveryCodes codes={codes} onDone={open} />
        ) : (
          <>
            <h1 className="text-center font-serif text-2xl">{state === null ? 'Second factor' : hasFactor ? 'Confirm it is you' : 'Set up a second factor'}</h1>
            {state && (
              <p className="text-center text-sm text-muted">
                {hasFactor
                  ? `Signed in as ${name} with your password. Now your second factor.`
                  : `Welcome, ${name}. The back office asks for a second factor at every sign-in: a passkey on this device, or an authenticator app.`}
              </p>
            )}
            {state === null && !error && <p className="text-center text-muted">Loading...</p>}
            {state && hasFactor && <FactorPrompt state={state} onVerified={open} />}
            {state && !hasFactor && (
              <div className="space-y-4">
                <button type="button" disabled={busy} onClick={() => void addPasskey()} className="w-full rounded bg-gold px-4 py-3 font-medium text-ink hover:bg-gold-bright disabled:opacity-70">
                  {busy ? 'Waiting for the passkey...' : 'Use a passkey'}
                </button>
                <AppSetup onEnrolled={enrolled} />
              </div>
            )}
            {error && (
              <p role="alert" className="rounded border border-sold/40 bg-sold/10 px-3 py-2 text-sm text-sold">
                {error}
              </p>
            )}
            <button type="button" onClick={() => void signOut()} className="block w-full text-center text-sm text-muted hover:text-ivory">
              Sign out
            </button>
          </>
        )}
      </div>
    </main>
  );
}
