import Link from 'next/link';
import { headers } from 'next/headers';
import { Suspense } from 'react';
import { formatDate } from '@/components/orders/buyer-order-list';
import { lookUpCertificate } from '@/lib/certificate/lookup';
import { readPossessionProof } from '@/lib/certificate/possession';
import { explorerAddressUrl, type ExplorerCluster } from '@/lib/wallet/explorer';
import { ReportBanner } from './report-banner';

const LINK = 'text-gold underline-offset-4 hover:underline';

/**
 * A proof of possession (/verify/{mint}/proof/{token}): which wallet held the certificate, proven
 * when by its signature, while the link is valid; or why it is not (expired, altered, another mint).
 */
export async function PossessionProofView({ mint, token, chain }: { mint: string; token: string; chain: ExplorerCluster }) {
  const reading = await readPossessionProof(mint, token, new Date());
  const verifyPath = `/verify/${encodeURIComponent(mint)}`;
  if (!reading.ok) {
    return (
      <div className="max-w-2xl space-y-4">
        <p role="alert" data-testid="possession-proof-error" className="rounded-xl border border-sold/40 bg-sold/10 p-5 text-sold">
          {reading.message}
        </p>
        <p>
          <Link href={verifyPath} className={LINK}>
            Check the certificate
          </Link>
        </p>
      </div>
    );
  }
  return (
    <section aria-labelledby="possession" className="max-w-3xl space-y-4 rounded-xl border border-ok/40 bg-surface p-6">
      <h2 id="possession" data-testid="possession-proof-heading" className="font-serif text-2xl break-words text-ok">
        Held by <span className="font-mono text-xl break-all">{reading.wallet}</span>, proven at{' '}
        <time dateTime={reading.provenAt}>{formatDate(reading.provenAt)}</time>
      </h2>
      {/* The watch is read from the chain: the proof itself shows without waiting for it. */}
      <Suspense fallback={null}>
        <ProofWatch mint={reading.mint} />
      </Suspense>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-muted">Certificate (mint)</dt>
        <dd className="min-w-0">
          <a href={explorerAddressUrl(reading.mint, chain)} target="_blank" rel="noopener noreferrer" className={`font-mono break-all ${LINK}`}>
            {reading.mint}
          </a>
        </dd>
        <dt className="text-muted">Holder’s wallet</dt>
        <dd className="min-w-0">
          <a href={explorerAddressUrl(reading.wallet, chain)} target="_blank" rel="noopener noreferrer" className={`font-mono break-all ${LINK}`}>
            {reading.wallet}
          </a>
        </dd>
        <dt className="text-muted">Valid until</dt>
        <dd>
          <time dateTime={reading.expiresAt}>{formatDate(reading.expiresAt)}</time>
        </dd>
      </dl>
      <p className="text-sm text-muted">The wallet signed a message naming this certificate, checked by ORX when it was signed. No transaction was sent.</p>
      <p>
        <Link href={verifyPath} className={LINK}>
          See the certificate’s verification
        </Link>
      </p>
    </section>
  );
}

/** The watch the certificate is for, and a report against it, as the chain and ORX's record tell them now. */
async function ProofWatch({ mint }: { mint: string }) {
  const lookup = await lookUpCertificate(mint, await headers()).catch(() => null);
  if (!lookup?.ok || lookup.verdict.verdict !== 'genuine') return null;
  const { watch, report } = lookup.verdict;
  return (
    <>
      {report ? <ReportBanner report={report} /> : null}
      <p data-testid="possession-proof-watch" className="text-lg">
        {watch.brand} {watch.model}
      </p>
    </>
  );
}
