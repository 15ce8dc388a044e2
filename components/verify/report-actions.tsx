'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import { POLICE_REFERENCE_MAX, reportRequestSchema } from '@/lib/certificate/requests';
import { REPORT_KINDS, type CertificateReport, type ReportKind } from '@/lib/certificate/verdict';
import { HolderButton } from './holder-button';
import { useHolderAction } from './use-holder-action';

const KIND_LABELS: Record<ReportKind, string> = { stolen: 'Stolen', missing: 'Missing' };

const INPUT = 'min-h-11 w-full rounded-lg border border-line bg-ink px-3 text-sm text-ivory focus:border-gold focus:outline-none';

/** Today in the holder's own zone (YYYY-MM-DD): the latest day a report can name. Null on the server. */
const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};
const noSubscription = () => () => undefined;
const useToday = () => useSyncExternalStore(noSubscription, localToday, () => null);

/**
 * "Report stolen or missing": the holder's wallet signs the report, and the verdict shows it to
 * everyone who checks the certificate until it is cleared.
 */
export function ReportForm({ mint }: { mint: string }) {
  const id = useId();
  const router = useRouter();
  const today = useToday();
  const { busy, error, setError, run } = useHolderAction(mint);
  const [kind, setKind] = useState<ReportKind>('stolen');
  const [occurredOn, setOccurredOn] = useState('');
  const [policeReference, setPoliceReference] = useState('');
  const [done, setDone] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone('');
    // The route's own rules first, so a mistake is told before the wallet is asked to sign.
    const parsed = reportRequestSchema.safeParse({ kind, occurredOn, policeReference, proof: null });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the report’s fields.');
    const answer = await run<{ report: CertificateReport }>({
      action: 'report',
      url: `/api/verify/${encodeURIComponent(mint)}/report`,
      body: { kind, occurredOn, policeReference: parsed.data.policeReference },
    });
    if (!answer) return;
    setDone('The report was recorded: this page now shows it to everyone who checks the certificate.');
    router.refresh();
  }

  return (
    <details className="group rounded-lg border border-line bg-raised p-4">
      <summary className="cursor-pointer text-ivory marker:text-gold">Report stolen or missing</summary>
      <form onSubmit={submit} noValidate aria-label="Report stolen or missing" className="mt-4 space-y-4 text-sm">
        <p className="text-muted">
          Only the wallet that holds the certificate can report it: your wallet signs the report, nothing is sent to the chain and nothing is paid.
        </p>
        <fieldset className="space-y-2">
          <legend className="text-muted">What happened</legend>
          <div className="flex flex-wrap gap-4">
            {REPORT_KINDS.map((each) => (
              <label key={each} className="inline-flex min-h-11 items-center gap-2">
                <input type="radio" name={`${id}-kind`} value={each} checked={kind === each} onChange={() => setKind(each)} className="accent-gold" />
                {KIND_LABELS[each]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-day`} className="block text-muted">
            The day it happened
          </label>
          <input
            id={`${id}-day`}
            type="date"
            required
            max={today ?? undefined}
            value={occurredOn}
            onChange={(event) => setOccurredOn(event.target.value)}
            className={`${INPUT} sm:w-56`}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-police`} className="block text-muted">
            Police reference (optional)
          </label>
          <input
            id={`${id}-police`}
            value={policeReference}
            maxLength={POLICE_REFERENCE_MAX}
            autoComplete="off"
            onChange={(event) => setPoliceReference(event.target.value)}
            className={INPUT}
          />
        </div>
        <HolderButton busy={busy} done={done} error={error} errorTestId="report-error" variant="primary" type="submit">
          Sign and report
        </HolderButton>
      </form>
    </details>
  );
}

/** "Clear the report": the holder's wallet signs, and the verdict no longer shows it. */
export function ClearReport({ mint }: { mint: string }) {
  const router = useRouter();
  const { busy, error, run } = useHolderAction(mint);
  const [done, setDone] = useState('');

  async function clear() {
    setDone('');
    const answer = await run<unknown>({ action: 'clear-report', url: `/api/verify/${encodeURIComponent(mint)}/report/clear` });
    if (!answer) return;
    setDone('The report was cleared.');
    router.refresh();
  }

  return (
    <div className="space-y-2 text-sm">
      <p className="text-muted">Found again? The wallet that made the report can clear it, or ORX’s owner.</p>
      <HolderButton busy={busy} done={done} error={error} errorTestId="clear-report-error" onPress={() => void clear()}>
        Clear the report
      </HolderButton>
    </div>
  );
}
