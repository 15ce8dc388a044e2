'use client';

/** Ten recovery codes, shown once: each lets the member in once when their passkey and app are out of reach. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section aria-labelledby="recovery-heading" className="space-y-4">
      <h2 id="recovery-heading" className="font-serif text-xl">
        Save your recovery codes
      </h2>
      <p className="text-sm text-muted">
        Each code signs you in once if your passkey or app is out of reach. They are shown only now: keep them somewhere safe, away from this
        computer.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded border border-line bg-raised p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <button type="button" onClick={onDone} className="w-full rounded bg-gold px-4 py-3 font-medium text-ink hover:bg-gold-bright">
        I have saved these codes
      </button>
    </section>
  );
}
