'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { CONFIRMING_LABEL } from '@/lib/orders/fulfilment';
import type { CheckoutStage } from '@/lib/checkout/browser/pay';

const STAGES: { stage: CheckoutStage; label: string }[] = [
  { stage: 'approval', label: "Waiting for your wallet's approval" },
  { stage: 'confirmation', label: 'Confirming on Solana' },
  { stage: 'finality', label: CONFIRMING_LABEL },
  { stage: 'certificate', label: 'Minting your NFT certificate' },
];

/**
 * SPEC §2's 'Processing Payment' screen. For a real payment it lists the steps and marks the one
 * under way; the simulated payment (stage null) keeps the spec's single message.
 */
/** `price`: what is paid, with its currency ("24.64 SOL"). */
export function PaymentProgress({ price, stage }: { price: string; stage: CheckoutStage | null }) {
  const current = STAGES.findIndex((step) => step.stage === stage);
  return (
    <div className="py-6 text-center" role="status">
      <span aria-hidden className="mx-auto block size-12 rounded-full border-2 border-line border-t-gold motion-safe:animate-spin" />
      <Dialog.Title className="mt-6 font-serif text-3xl">Processing Payment</Dialog.Title>
      <Dialog.Description className="mt-2 text-muted">
        {stage === null
          ? `Confirming your payment of ${price} and minting your NFT certificate. Please keep this window open.`
          : `${STAGES[current]!.label}. Please keep this window open.`}
      </Dialog.Description>
      {stage === null ? null : (
        <ol aria-label="Payment steps" className="mx-auto mt-6 max-w-xs space-y-2 text-left text-sm">
          {STAGES.map((step, index) => (
            <li
              key={step.stage}
              aria-current={index === current ? 'step' : undefined}
              className={index === current ? 'text-gold' : index < current ? 'text-ok' : 'text-muted'}
            >
              <span aria-hidden>{index < current ? '✓ ' : index === current ? '• ' : '  '}</span>
              {step.label}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
