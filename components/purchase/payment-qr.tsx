'use client';

import * as Dialog from '@radix-ui/react-dialog';
import type { PaymentIntentResponse } from '@/lib/checkout/api';
import { CONFIRMING_LABEL } from '@/lib/orders/fulfilment';
import { paymentQrPath } from '@/lib/checkout/browser/payment-api';
import type { PurchaseWatch } from '@/lib/catalog/types';
import { SECONDARY_BUTTON } from './button-styles';
import { TransferRequestFallback } from './transfer-request-fallback';

/**
 * The Solana Pay QR code of a payment intent, for a phone wallet: a transaction request, whose
 * transaction the shop's server builds once the wallet has said who it is (issue 54); the transfer
 * request stays behind "Wallet cannot scan this?" for wallets that read only those. The page waits
 * for the server to see the payment, whichever code paid it.
 */
type PaymentQrProps = { intent: PaymentIntentResponse; watch: PurchaseWatch; confirming: boolean; minting: boolean };

export function PaymentQr({ intent, watch, confirming, minting }: PaymentQrProps) {
  const paying = `pay ${intent.amount} ${intent.currency} to ORX for the ${watch.brand} ${watch.model}`;
  return (
    <div className="text-center">
      <Dialog.Title className="font-serif text-3xl">Pay with a phone wallet</Dialog.Title>
      <Dialog.Description className="mt-2 text-muted">
        Scan this code with a Solana wallet on your phone to pay {intent.amount} {intent.currency} for the {watch.brand} {watch.model}.
      </Dialog.Description>
      {/* An SVG the server draws from the intent: nothing for next/image to optimise. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={paymentQrPath(intent.orderId)}
        alt={`Solana Pay QR code: ${paying}`}
        width={256}
        height={256}
        className="mx-auto mt-6 size-64 rounded-lg bg-white p-2"
      />
      <a href={intent.transactionRequestUrl} className={`mt-6 ${SECONDARY_BUTTON}`}>
        Open in a wallet app
      </a>
      <p role="status" className="mt-4 text-sm text-muted">
        {minting ? 'Payment received. Minting your NFT certificate...' : confirming ? `${CONFIRMING_LABEL}...` : 'Waiting for your payment...'}
      </p>
      <TransferRequestFallback orderId={intent.orderId} transferRequestUrl={intent.solanaPayUrl} paying={paying} />
    </div>
  );
}
