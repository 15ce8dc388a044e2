'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useWalletConfig } from '@/components/wallet/wallet-config-context';
import type { CertificateState } from '@/lib/checkout/api';
import type { PurchaseWatch } from '@/lib/catalog/types';
import { explorerAddressUrl, solscanTransactionUrl } from '@/lib/wallet/explorer';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from './button-styles';

type PaymentCompleteProps = {
  watch: PurchaseWatch;
  txHash: string;
  orderError: string | null;
  /** The real checkout's certificate; null for the spec's simulated purchase. */
  certificate: CertificateState | null;
};

/** SPEC §2's 'Payment Complete!' screen: the transaction hash, View on Solscan, Continue Shopping. */
export function PaymentComplete({ watch, txHash, orderError, certificate }: PaymentCompleteProps) {
  const chain = useWalletConfig();
  return (
    <div>
      <Dialog.Title className="font-serif text-3xl text-ok">Payment Complete!</Dialog.Title>
      <Dialog.Description className="mt-2 text-muted">
        The {watch.brand} {watch.model} is yours, with its NFT certificate of authenticity and ownership.
      </Dialog.Description>
      <p className="mt-6 text-xs tracking-widest text-muted uppercase">Transaction hash</p>
      <p className="mt-1 rounded-lg bg-ink px-3 py-2 font-mono text-xs break-all" data-testid="transaction-hash">
        {txHash}
      </p>
      {certificate ? (
        <>
          <p className="mt-4 text-xs tracking-widest text-muted uppercase">NFT certificate</p>
          {certificate.status === 'minted' ? (
            <>
              <a
                href={explorerAddressUrl(certificate.mint, chain)}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-1 block rounded-lg bg-ink px-3 py-2 font-mono text-xs break-all text-gold underline-offset-4 hover:underline"
                data-testid="certificate-mint"
              >
                {certificate.mint}
              </a>
              <a href={`/verify/${certificate.mint}`} className="mt-2 inline-block text-sm text-gold underline-offset-4 hover:underline">
                Verify the certificate
              </a>
            </>
          ) : (
            <p className="mt-1 text-sm text-muted">Certificate pending: it is minted to your wallet shortly.</p>
          )}
        </>
      ) : null}
      {orderError ? (
        <p role="alert" className="mt-4 rounded-lg border border-sold/40 bg-sold/10 px-3 py-2 text-sm text-sold">
          {orderError}
        </p>
      ) : null}
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <a href={solscanTransactionUrl(txHash, chain)} target="_blank" rel="noopener noreferrer" className={SECONDARY_BUTTON}>
          View on Solscan
        </a>
        <Dialog.Close className={PRIMARY_BUTTON}>Continue Shopping</Dialog.Close>
      </div>
    </div>
  );
}
