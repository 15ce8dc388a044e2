import { formatDate } from '@/components/orders/buyer-order-list';
import { WatchThumbnail } from '@/components/orders/watch-thumbnail';
import { NOT_GENUINE_REASONS, type CertificateVerdict } from '@/lib/certificate/verdict';
import { explorerAddressUrl, solscanTransactionUrl, type ExplorerCluster } from '@/lib/wallet/explorer';
import { ConfirmService } from './confirm-service';
import { CustodyList } from './custody-list';
import { FreezeStatement } from './freeze-statement';
import { HolderWalletHost } from './holder-wallet-host';
import { ProveHolding } from './prove-holding';
import { ReportBanner } from './report-banner';
import { ClearReport, ReportForm } from './report-actions';
import { serviceEventTitleId, ServiceEventList, ServiceStatusLine } from './service-history';

type GenuineVerdict = Extract<CertificateVerdict, { verdict: 'genuine' }>;
export type VerdictWatch = { image: string; reference: string | null };

const LINK = 'font-mono break-all text-gold underline-offset-4 hover:underline';

/** A verdict as /verify/{mint} shows it. */
export function VerdictView({ verdict, watch, chain }: { verdict: CertificateVerdict; watch: VerdictWatch | null; chain: ExplorerCluster }) {
  if (verdict.verdict === 'not-genuine') {
    return (
      <section aria-labelledby="verdict" className="rounded-xl border border-sold/40 bg-sold/10 p-6">
        <h2 id="verdict" className="font-serif text-3xl text-sold">
          Not a genuine ORX certificate
        </h2>
        <p className="mt-2 font-mono text-sm break-all text-muted">{verdict.mint}</p>
        <ul className="mt-4 list-disc space-y-1 pl-5" aria-label="Why not">
          {verdict.reasons.map((reason) => (
            <li key={reason}>{NOT_GENUINE_REASONS[reason]}</li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <div className="space-y-8">
      <Genuine verdict={verdict} watch={watch} chain={chain} />
      <HolderActions verdict={verdict} />
      <CustodyList custody={verdict.custody} current={verdict.holder?.owner ?? null} chain={chain} />
      <Service verdict={verdict} />
      <HolderWalletHost chain={chain} />
    </div>
  );
}

function Genuine({ verdict, watch, chain }: { verdict: GenuineVerdict; watch: VerdictWatch | null; chain: ExplorerCluster }) {
  return (
    <section
      aria-labelledby="verdict"
      className={`grid gap-6 rounded-xl border bg-surface p-6 sm:grid-cols-[12rem_1fr] ${verdict.report ? 'border-sold/60' : 'border-ok/40'}`}
    >
      {/* A report is the verdict's first line: before anything says the certificate is genuine. */}
      {verdict.report ? (
        <div className="sm:col-span-2">
          <ReportBanner report={verdict.report} />
        </div>
      ) : null}
      <div className="aspect-square w-48 overflow-hidden rounded-lg bg-ink">
        {watch ? <WatchThumbnail src={watch.image} alt={`${verdict.watch.brand} ${verdict.watch.model}`} size={192} /> : null}
      </div>
      <div className="min-w-0">
        <h2 id="verdict" className="font-serif text-3xl text-ok">
          Genuine ORX certificate
        </h2>
        <p className="mt-2 text-lg">
          {verdict.watch.brand} {verdict.watch.model}
        </p>
        <dl className="mt-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
          {watch?.reference ? (
            <>
              <dt className="text-muted">Reference</dt>
              <dd>{watch.reference}</dd>
            </>
          ) : null}
          {verdict.issuedAt ? (
            <>
              <dt className="text-muted">Issued</dt>
              <dd>{formatDate(verdict.issuedAt)}</dd>
            </>
          ) : null}
          <dt className="text-muted">Certificate (mint)</dt>
          <dd className="min-w-0">
            <a href={explorerAddressUrl(verdict.mint, chain)} target="_blank" rel="noopener noreferrer" className={LINK}>
              {verdict.mint}
            </a>
          </dd>
          {verdict.txHash ? (
            <>
              <dt className="text-muted">Sale transaction</dt>
              <dd className="min-w-0">
                <a href={solscanTransactionUrl(verdict.txHash, chain)} target="_blank" rel="noopener noreferrer" className={LINK}>
                  {verdict.txHash}
                </a>
              </dd>
            </>
          ) : null}
          <dt className="text-muted">Current holder</dt>
          <dd className="min-w-0" data-testid="certificate-holder">
            {verdict.holder ? (
              <a href={explorerAddressUrl(verdict.holder.owner, chain)} target="_blank" rel="noopener noreferrer" className={LINK}>
                {verdict.holder.owner}
              </a>
            ) : (
              <span className="text-muted">Not found</span>
            )}
          </dd>
          {verdict.holder ? (
            <>
              <dt className="text-muted">Token account</dt>
              <dd className="font-mono break-all">{verdict.holder.tokenAccount}</dd>
            </>
          ) : null}
        </dl>
        <p className="mt-4 text-xs text-muted">
          {verdict.provenance === 'collection'
            ? 'A member of the ORX certificate collection on Solana, which only ORX can add to, and in ORX’s record of issued certificates.'
            : 'Issued before the ORX certificate collection existed: proved by ORX’s record of issued certificates and its authority over the metadata.'}
        </p>
        <div className="mt-3 space-y-2">
          <FreezeStatement freeze={verdict.freeze} />
        </div>
      </div>
    </section>
  );
}

/** What the wallet holding the certificate can do here, each signed by it: prove it holds it, report it, clear a report. */
function HolderActions({ verdict }: { verdict: GenuineVerdict }) {
  return (
    <section aria-labelledby="holder-actions" className="space-y-4 rounded-xl border border-line bg-surface p-6">
      <h2 id="holder-actions" className="font-serif text-2xl">
        For the holder
      </h2>
      <p className="text-sm text-muted">Your wallet signs a message for each of these: no transaction is sent and nothing is paid.</p>
      <ProveHolding mint={verdict.mint} />
      {verdict.report ? <ClearReport mint={verdict.mint} /> : <ReportForm mint={verdict.mint} />}
    </section>
  );
}

/** The service events, whether the chain agrees with them, and the owner's confirmation of each. */
function Service({ verdict }: { verdict: GenuineVerdict }) {
  const { service, mint } = verdict;
  return (
    <section aria-labelledby="service-history" className="space-y-4 rounded-xl border border-line bg-surface p-6">
      <h2 id="service-history" className="font-serif text-2xl">
        Service history
      </h2>
      <ServiceStatusLine status={service.status} />
      <ServiceEventList
        events={service.events}
        action={(event) => <ConfirmService mint={mint} eventId={event.id} describedBy={serviceEventTitleId(event)} />}
      />
    </section>
  );
}
