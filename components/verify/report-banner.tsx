import type { CertificateReport } from '@/lib/certificate/verdict';
import { formatDay } from './dates';

/** "Reported stolen on 12 Mar 2025" (the day it was reported), as the red first line of a verdict. */
export function reportHeadline(report: CertificateReport): string {
  return `Reported ${report.kind} on ${formatDay(report.reportedAt)}`;
}

/** A holder's open report: what, when it happened, the police reference, and the wallet that signed it. */
export function ReportBanner({ report }: { report: CertificateReport }) {
  return (
    <div data-testid="certificate-report" className="space-y-1 rounded-lg border border-sold bg-sold/15 px-4 py-3 text-sm text-sold">
      <p className="text-base font-semibold" data-testid="certificate-report-headline">
        {reportHeadline(report)}
      </p>
      <p>
        {report.kind === 'stolen' ? 'Stolen on' : 'Missing since'} <time dateTime={report.occurredOn}>{formatDay(report.occurredOn)}</time>
      </p>
      {report.policeReference ? <p className="break-words">Police reference: {report.policeReference}</p> : null}
      <p className="min-w-0">
        Reported by the wallet that held it: <span className="font-mono break-all">{report.reportedBy}</span>
      </p>
    </div>
  );
}
