/** The mint address to check; a plain form, so it works before (and without) any JavaScript. */
export function VerifyForm({ value = '' }: { value?: string }) {
  return (
    <form action="/verify" method="get" className="flex max-w-2xl flex-col gap-3 sm:flex-row sm:items-end">
      <label className="flex min-w-0 flex-1 flex-col gap-2 text-sm">
        <span className="text-muted">Certificate mint address</span>
        <input
          name="mint"
          defaultValue={value}
          required
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. 7xKX…"
          className="min-h-11 rounded-lg border border-line bg-ink px-3 font-mono text-sm text-ivory focus:border-gold focus:outline-none"
        />
      </label>
      <button type="submit" className="inline-flex min-h-11 items-center justify-center rounded-full bg-gold px-6 py-2.5 text-sm font-medium text-ink transition-colors hover:bg-gold-bright">
        Verify
      </button>
    </form>
  );
}
