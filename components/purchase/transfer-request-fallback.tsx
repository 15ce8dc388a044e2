'use client';

import { useState } from 'react';
import { paymentQrPath } from '@/lib/checkout/browser/payment-api';
import { SECONDARY_BUTTON } from './button-styles';

type TransferRequestFallbackProps = {
  orderId: string;
  /** The intent's Solana Pay transfer request (solana:<merchant>?amount=…&reference=…). */
  transferRequestUrl: string;
  /** What paying it does, for the code's text alternative: "pay 1.5 SOL to ORX for the …". */
  paying: string;
};

/**
 * "Wallet cannot scan this?": the same order's transfer request, for wallets that read only codes
 * carrying the amount. A native disclosure (keyboard and screen readers know it); its code is
 * drawn, and so fetched, only once it is opened.
 */
export function TransferRequestFallback({ orderId, transferRequestUrl, paying }: TransferRequestFallbackProps) {
  // Drawn at the first opening, and kept: closed, the disclosure hides it.
  const [opened, setOpened] = useState(false);
  return (
    <details className="mt-6 border-t border-line pt-4 text-sm" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary className="mx-auto w-fit cursor-pointer rounded-md px-2 py-2 text-muted underline-offset-4 hover:text-gold-bright hover:underline">
        Wallet cannot scan this?
      </summary>
      <p className="mt-3 text-muted">Some wallets read only codes that carry the amount. Scan this one instead: it pays the same order.</p>
      {opened && (
        // An SVG the server draws from the intent: nothing for next/image to optimise.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={paymentQrPath(orderId, 'transfer')}
          alt={`Solana Pay transfer request QR code: ${paying}`}
          width={256}
          height={256}
          className="mx-auto mt-4 size-64 rounded-lg bg-white p-2"
        />
      )}
      <a href={transferRequestUrl} className={`mt-4 ${SECONDARY_BUTTON}`}>
        Open as a transfer request
      </a>
    </details>
  );
}
