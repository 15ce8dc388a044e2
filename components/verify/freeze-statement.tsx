import type { CertificateFreeze } from '@/lib/certificate/verdict';

export const FREEZE_TEXTS = {
  can: 'ORX can freeze this certificate’s token if it is reported stolen, so it cannot be moved on.',
  frozen: 'Frozen by ORX: this token cannot be transferred.',
  cannot: 'Minted before ORX held a freeze authority: a report is shown here, but the token cannot be frozen.',
} as const;

/** Whether ORX can freeze the certificate's token, and whether it has. */
export function FreezeStatement({ freeze }: { freeze: CertificateFreeze }) {
  if (!freeze.authority) {
    return (
      <p data-testid="certificate-freeze" className="text-xs text-muted">
        {FREEZE_TEXTS.cannot}
      </p>
    );
  }
  return (
    <>
      {freeze.frozen ? (
        <p data-testid="certificate-frozen" className="text-sm font-semibold text-sold">
          {FREEZE_TEXTS.frozen}
        </p>
      ) : null}
      <p data-testid="certificate-freeze" className="text-xs text-muted">
        {FREEZE_TEXTS.can}
      </p>
    </>
  );
}
