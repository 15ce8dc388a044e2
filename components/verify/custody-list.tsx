import { formatDate } from '@/components/orders/buyer-order-list';
import type { Custody } from '@/lib/certificate/verdict';
import { explorerAddressUrl, solscanTransactionUrl, type ExplorerCluster } from '@/lib/wallet/explorer';

const LINK = 'font-mono break-all text-gold underline-offset-4 hover:underline';

/** Every wallet that held the certificate, oldest first: since when, and the transaction that gave it to them; `current`: the holder now. */
export function CustodyList({ custody, current, chain }: { custody: Custody; current: string | null; chain: ExplorerCluster }) {
  return (
    <section aria-labelledby="custody" className="space-y-4 rounded-xl border border-line bg-surface p-6">
      <h2 id="custody" className="font-serif text-2xl">
        Chain of custody
      </h2>
      {custody.complete ? null : (
        <p data-testid="custody-incomplete" className="text-sm text-muted">
          Older holders are not shown: the history is longer than ORX reads.
        </p>
      )}
      {custody.holders.length === 0 ? (
        <p className="text-sm text-muted">No holder was found on the chain.</p>
      ) : (
        <ol aria-label="Holders, oldest first" className="space-y-3">
          {custody.holders.map((holder, index) => (
            <li key={`${holder.signature}-${index}`} data-testid="custody-holder" className="min-w-0 space-y-1 rounded-lg border border-line bg-raised p-3 text-sm">
              <a href={explorerAddressUrl(holder.wallet, chain)} target="_blank" rel="noopener noreferrer" className={LINK} data-testid="custody-wallet">
                {holder.wallet}
              </a>
              <p className="text-muted">
                {holder.since ? (
                  <>
                    Received <time dateTime={holder.since}>{formatDate(holder.since)}</time>
                  </>
                ) : (
                  'Received at a time the chain does not give'
                )}
                {index === custody.holders.length - 1 && holder.wallet === current ? ' · holds it now' : null}
              </p>
              <p className="min-w-0">
                <span className="text-muted">Transaction: </span>
                <a href={solscanTransactionUrl(holder.signature, chain)} target="_blank" rel="noopener noreferrer" className={LINK} data-testid="custody-transaction">
                  {holder.signature}
                </a>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
