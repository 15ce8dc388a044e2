'use client';

import { useCallback, useEffect, useState } from 'react';
import { AdminApiError, adminApi } from '@/lib/admin/api-client';
import { NOT_GENUINE_REASONS, type CertificateVerdict } from '@/lib/certificate/verdict';
import type { Role } from '@/lib/staff/roles';
import { reportHeadline } from '@/components/verify/report-banner';
import { ServiceEventList, ServiceStatusLine } from '@/components/verify/service-history';
import { formatDay } from '@/components/verify/dates';
import { RetryAlert } from '../retry-alert';
import { certificateApi, type ServiceEventInput } from './certificate-api';
import { ServiceEventForm } from './service-event-form';

type Genuine = Extract<CertificateVerdict, { verdict: 'genuine' }>;
type Message = { kind: 'status' | 'error'; text: string };

const BUTTON = 'rounded border border-gold px-3 py-1 text-gold hover:text-gold-bright disabled:opacity-60';
const DANGER_BUTTON = 'rounded border border-sold/60 px-3 py-1 text-sold hover:border-sold disabled:opacity-60';

const messageOf = (failure: unknown, fallback: string) => (failure instanceof AdminApiError ? failure.message : fallback);

/**
 * The order's certificate in its dialog (issue 53): the holder's report, the token's freeze (the
 * owner clears a report, freezes and thaws, with the second factor asked again), and the service
 * history with "Add a service event". Read fresh from GET /api/admin/certificates/{mint}.
 */
export function CertificateSection({ mint }: { mint: string }) {
  const [verdict, setVerdict] = useState<CertificateVerdict | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** The member's role, for the owner's buttons; null until known (they stay hidden). */
  const [role, setRole] = useState<Role | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  /** A service event was saved but its hash not written to the chain. */
  const [unanchored, setUnanchored] = useState(false);

  const load = useCallback(
    () =>
      certificateApi.verdict(mint).then(
        (answer) => {
          setVerdict(answer);
          setLoadError(null);
        },
        (failure: unknown) => setLoadError(messageOf(failure, 'Could not load the certificate. Please try again.')),
      ),
    [mint],
  );

  useEffect(() => {
    void load();
    adminApi.account().then(
      (account) => setRole(account.role),
      () => setRole(null),
    );
  }, [load]);

  /** One call: busy meanwhile, then the certificate read again; the answer's words, or the refusal's. */
  async function act<T>(work: () => Promise<T>, fallback: string, done: (answer: T) => string): Promise<T | null> {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await work();
      setMessage({ kind: 'status', text: done(answer) });
      await load();
      return answer;
    } catch (failure) {
      setMessage({ kind: 'error', text: messageOf(failure, fallback) });
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function addEvent(input: ServiceEventInput): Promise<boolean> {
    const added = await act(
      () => certificateApi.addServiceEvent(mint, input),
      'The service event could not be saved. Please try again.',
      (answer) => (answer.anchored ? 'Service event added and written to the chain.' : 'Service event added.'),
    );
    if (added) setUnanchored(!added.anchored);
    return added !== null;
  }

  async function anchor() {
    const written = await act(
      () => certificateApi.anchorServiceHistory(mint),
      'The service history could not be written to the chain. Please try again.',
      () => 'The service history was written to the chain.',
    );
    if (written) setUnanchored(false);
  }

  if (loadError && !verdict) return <RetryAlert message={loadError} onRetry={() => void load()} />;
  if (!verdict) return <p className="text-sm text-muted">Loading the certificate...</p>;
  if (verdict.verdict === 'not-genuine') {
    return (
      <div role="alert" className="space-y-1 rounded border border-sold/40 bg-sold/10 px-3 py-2 text-sm text-sold">
        <p>Not a genuine ORX certificate:</p>
        <ul className="list-disc pl-5">
          {verdict.reasons.map((reason) => (
            <li key={reason}>{NOT_GENUINE_REASONS[reason]}</li>
          ))}
        </ul>
      </div>
    );
  }

  const owner = role === 'owner';
  return (
    <div className="space-y-4 text-sm">
      {message ? (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          data-testid="certificate-admin-message"
          className={message.kind === 'error' ? 'rounded border border-sold/40 bg-sold/10 px-3 py-2 text-sold' : 'text-ok'}
        >
          {message.text}
        </p>
      ) : null}
      {unanchored ? (
        <p role="alert" data-testid="service-unanchored" className="rounded border border-sold/40 bg-sold/10 px-3 py-2 text-sold">
          Saved, but the chain was not updated:{' '}
          <button type="button" disabled={busy} onClick={() => void anchor()} className="underline underline-offset-4 disabled:opacity-60">
            Write to chain again
          </button>
        </p>
      ) : null}
      <ReportStatus verdict={verdict} owner={owner} busy={busy} onClear={() => void act(() => certificateApi.clearReport(mint), 'The report could not be cleared. Please try again.', () => 'The report was cleared.')} />
      <FreezeStatus
        verdict={verdict}
        owner={owner}
        busy={busy}
        onSet={(frozen) =>
          void act(
            () => certificateApi.setFrozen(mint, frozen),
            frozen ? 'The token could not be frozen. Please try again.' : 'The token could not be thawed. Please try again.',
            (answer) => (answer.frozen ? 'The token is frozen.' : 'The token is thawed.'),
          )
        }
      />
      <div className="space-y-3">
        <h4 className="text-ivory">Service history</h4>
        <ServiceStatusLine status={verdict.service.status} />
        <ServiceEventList events={verdict.service.events} action={() => <p className="text-muted">Not confirmed by the owner yet</p>} />
        <ServiceEventForm busy={busy} onAdd={addEvent} />
      </div>
    </div>
  );
}

function ReportStatus({ verdict, owner, busy, onClear }: { verdict: Genuine; owner: boolean; busy: boolean; onClear: () => void }) {
  const { report } = verdict;
  if (!report) return <p data-testid="certificate-admin-report" className="text-muted">No report: not reported stolen or missing.</p>;
  return (
    <div data-testid="certificate-admin-report" className="space-y-1 rounded border border-sold/60 bg-sold/10 px-3 py-2 text-sold">
      <p className="font-semibold">{reportHeadline(report)}</p>
      <p>
        {report.kind === 'stolen' ? 'Stolen on' : 'Missing since'} {formatDay(report.occurredOn)}
        {report.policeReference ? ` · Police reference: ${report.policeReference}` : ''}
      </p>
      <p className="break-all">By the holder&apos;s wallet {report.reportedBy}</p>
      {owner ? (
        <button type="button" disabled={busy} onClick={onClear} className={DANGER_BUTTON}>
          Clear report
        </button>
      ) : null}
    </div>
  );
}

function FreezeStatus({ verdict, owner, busy, onSet }: { verdict: Genuine; owner: boolean; busy: boolean; onSet: (frozen: boolean) => void }) {
  const { freeze } = verdict;
  if (!freeze.authority) {
    return <p className="text-muted">Minted before ORX held a freeze authority: this token cannot be frozen.</p>;
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p data-testid="certificate-admin-freeze" className={freeze.frozen ? 'font-semibold text-sold' : 'text-muted'}>
        {freeze.frozen ? 'Token frozen: it cannot be transferred.' : 'Token not frozen.'}
      </p>
      {owner ? (
        <button type="button" disabled={busy} onClick={() => onSet(!freeze.frozen)} className={freeze.frozen ? BUTTON : DANGER_BUTTON}>
          {freeze.frozen ? 'Thaw token' : 'Freeze token'}
        </button>
      ) : null}
    </div>
  );
}
