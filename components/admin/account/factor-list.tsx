'use client';

import { useState } from 'react';
import { factorApi, type Enrolled } from '@/lib/admin/second-factor-client';
import { AppSetup } from '../second-factor/app-setup';
import { RecoveryCodes } from '../second-factor/recovery-codes';
import { useLoaded } from '../use-loaded';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The member's second factors under their account: passkeys (add, remove), the authenticator app
 * (set up, or again on a new phone) and recovery codes (new ones). Each change ends the member's
 * other sessions and needs the factor given in the last 5 minutes.
 */
export function FactorList() {
  const { data: state, setData: setState, error } = useLoaded(factorApi.state, 'Failed to load your second factors');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [settingUpApp, setSettingUpApp] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'status'; text: string } | null>(null);

  async function run(work: () => Promise<void>, done: string) {
    setMessage(null);
    try {
      await work();
      setMessage({ kind: 'status', text: done });
    } catch (failure) {
      setMessage({ kind: 'error', text: failure instanceof Error && failure.name !== 'NotAllowedError' ? failure.message : 'Nothing was changed.' });
    }
  }

  const enrolled = (result: Enrolled) => {
    setState(result);
    setSettingUpApp(false);
  };

  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  return (
    <section aria-labelledby="factors-heading" className="space-y-4">
      <h3 id="factors-heading" className="font-serif text-lg">
        Second factors
      </h3>
      {state && (
        <ul className="divide-y divide-line rounded-lg border border-line bg-surface text-sm">
          {state.passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <span>
                {passkey.label} <span className="text-muted">· added {when(passkey.createdAt)}{passkey.lastUsedAt ? ` · last used ${when(passkey.lastUsedAt)}` : ''}</span>
              </span>
              <button
                type="button"
                aria-label={`Remove ${passkey.label}`}
                onClick={() => void run(async () => setState(await factorApi.remove(passkey.id)), `${passkey.label} removed.`)}
                className="rounded border border-line px-3 py-1.5 hover:border-sold hover:text-sold"
              >
                Remove
              </button>
            </li>
          ))}
          <li className="px-4 py-3">Authenticator app: {state.totp ? 'set up' : 'none'}</li>
          <li className="px-4 py-3">Recovery codes left: {state.recoveryCodesLeft}</li>
        </ul>
      )}
      {error && (
        <p role="alert" className="text-sm text-sold">
          {error}
        </p>
      )}
      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={`text-sm ${message.kind === 'error' ? 'text-sold' : 'text-ok'}`}>
          {message.text}
        </p>
      )}
      <div className="flex flex-wrap gap-3 text-sm">
        <button
          type="button"
          onClick={() => void run(async () => enrolled(await factorApi.addPasskey()), 'Passkey added. Your other sessions were signed out.')}
          className="rounded border border-gold px-3 py-2 text-gold hover:text-gold-bright"
        >
          Add a passkey
        </button>
        <button type="button" onClick={() => setSettingUpApp((shown) => !shown)} className="rounded border border-line px-3 py-2 hover:border-gold">
          {state?.totp ? 'Move the app to a new phone' : 'Set up an authenticator app'}
        </button>
        <button
          type="button"
          onClick={() => void run(async () => setCodes((await factorApi.newRecoveryCodes()).recoveryCodes), 'New recovery codes made; the old ones no longer work.')}
          className="rounded border border-line px-3 py-2 hover:border-gold"
        >
          New recovery codes
        </button>
      </div>
      {settingUpApp && <AppSetup onEnrolled={enrolled} />}
    </section>
  );
}
