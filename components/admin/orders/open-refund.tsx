import { refundPath } from '@/lib/admin/api-client';
import type { RefundDetail } from '@/lib/admin/order-query';
import { dateTime } from './order-card';

/** Where a payment from the connected wallet has got to, as the refunds section shows it under the refund. */
export type PaymentProgress =
  | { kind: 'status'; text: string }
  | { kind: 'problem'; text: string }
  /** A transfer is on its way: cancelling now could cancel a refund the chain is about to show paid. */
  | { kind: 'sending'; text: string };

type Props = {
  orderId: string;
  refund: RefundDetail;
  busy: boolean;
  /** A wallet is being asked about this or another refund: no second payment meanwhile. */
  walletBusy: boolean;
  progress: PaymentProgress | null;
  onPay: () => void;
  onCheck: () => void;
  onCancel: () => void;
};

const BUTTON = 'rounded border border-gold px-3 py-1.5 text-sm text-gold hover:text-gold-bright disabled:opacity-60';

/**
 * A refund waiting for its transfer: the Solana Pay request that pays it (QR code for a phone
 * wallet, link for a wallet app), the buyer's wallet it goes to, why the last transaction seen did
 * not pay it, and the operator's three presses.
 */
export function OpenRefund({ orderId, refund, busy, walletBusy, progress, onPay, onCheck, onCancel }: Props) {
  const sending = progress?.kind === 'sending';
  return (
    <div className="space-y-3">
      <p className="text-muted">
        Pay {refund.amount} {refund.currency} to the buyer&apos;s wallet before{' '}
        <time dateTime={refund.expiresAt}>{dateTime.format(new Date(refund.expiresAt))} UTC</time>, from any wallet holding the shop&apos;s funds. It
        is recorded as sent once the network shows the transfer, final.
      </p>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        {/* An SVG the server draws from the refund's transfer request: nothing for next/image to optimise. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          src={`${refundPath(orderId, refund.id)}/qr`}
          alt={`Solana Pay QR code: refund ${refund.amount} ${refund.currency} to the buyer's wallet ${refund.recipient}`}
          width={176}
          height={176}
          className="size-44 shrink-0 rounded bg-white p-2"
        />
        <dl className="min-w-0 space-y-2 self-stretch">
          <div>
            <dt className="text-muted">Buyer&apos;s wallet</dt>
            <dd data-testid="refund-recipient" className="font-mono break-all">
              {refund.recipient}
            </dd>
          </div>
          {refund.url ? (
            <div>
              <dt className="sr-only">Transfer request</dt>
              <dd>
                <a href={refund.url} className="text-gold underline-offset-4 hover:text-gold-bright hover:underline">
                  Open in a wallet app
                </a>
              </dd>
            </div>
          ) : null}
        </dl>
      </div>
      {refund.failure ? (
        <p data-testid="refund-failure" className="rounded border border-sold/40 bg-sold/10 px-3 py-2 break-words text-sold">
          Last transaction seen did not pay it: {refund.failure}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <button type="button" disabled={busy || walletBusy || sending} onClick={onPay} className={`${BUTTON} bg-gold/10`}>
          Pay with a connected wallet
        </button>
        <button type="button" disabled={busy || walletBusy} onClick={onCheck} className={BUTTON}>
          Check now
        </button>
        <button
          type="button"
          disabled={busy || walletBusy || sending}
          onClick={onCancel}
          className="rounded border border-sold px-3 py-1.5 text-sm text-sold hover:bg-sold/10 disabled:opacity-60"
        >
          Cancel refund
        </button>
      </div>
      <p role="status" className="break-words text-muted">
        {progress && progress.kind !== 'problem' ? progress.text : null}
      </p>
      {progress?.kind === 'problem' ? (
        <p role="alert" className="rounded border border-sold/40 bg-sold/10 px-3 py-2 break-words text-sold">
          {progress.text}
        </p>
      ) : null}
    </div>
  );
}
