'use client';

import { useState, type FormEvent } from 'react';
import { factorApi, type Enrolled } from '@/lib/admin/second-factor-client';
import { Field, inputClass } from '../field';

type Setup = { secret: string; uri: string; qr: string };

/** Sets up an authenticator app: the QR code (and the secret, to type), then one code from it to confirm. */
export function AppSetup({ onEnrolled }: { onEnrolled: (enrolled: Enrolled) => void }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The app could not be set up');
    } finally {
      setBusy(false);
    }
  }

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    void run(async () => onEnrolled(await factorApi.appCode(code)));
  }

  if (!setup) {
    return (
      <div className="space-y-2">
        <button
          type="button"
          disabled={busy}
          onClick={() => void run(async () => setSetup(await factorApi.setUpApp()))}
          className="w-full rounded border border-gold px-4 py-3 text-gold hover:text-gold-bright disabled:opacity-70"
        >
          Use an authenticator app
        </button>
        {error && (
          <p role="alert" className="text-sm text-sold">
            {error}
          </p>
        )}
      </div>
    );
  }
  return (
    <form onSubmit={confirm} className="space-y-4">
      <p className="text-sm text-muted">Scan this code with your authenticator app, or type the key into it. Then enter the code it shows.</p>
      {/* The server's own SVG of the otpauth:// address, as a data URL: next/image has nothing to optimise in it. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qr)}`} alt="QR code for your authenticator app" width={192} height={192} className="mx-auto rounded bg-white" />
      <input
        readOnly
        aria-label="Key for your authenticator app"
        value={setup.secret.replace(/(.{4})/g, '$1 ').trim()}
        onFocus={(event) => event.currentTarget.select()}
        className={`${inputClass} text-center font-mono text-sm`}
      />
      <Field label="Code from your authenticator app" htmlFor="app-code">
        <input id="app-code" name="code" required autoComplete="one-time-code" inputMode="numeric" maxLength={6} className={inputClass} />
      </Field>
      {error && (
        <p role="alert" className="text-sm text-sold">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy} className="w-full rounded bg-gold px-4 py-3 font-medium text-ink hover:bg-gold-bright disabled:opacity-70">
        {busy ? 'Checking...' : 'Confirm the app'}
      </button>
    </form>
  );
}
