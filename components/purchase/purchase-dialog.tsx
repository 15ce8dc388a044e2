'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useWallet } from '@solana/wallet-adapter-react';
import { useWalletModal } from '@solana/wallet-adapter-react-ui';
import { DialogCloseButton } from '@/components/ui/dialog-close-button';
import { useWalletConfig } from '@/components/wallet/wallet-config-context';
import { formatSol, formatUsd, usdValue } from '@/lib/price/format';
import type { PurchaseWatch } from '@/lib/catalog/types';
import { ConnectPrompt } from './connect-prompt';
import { PaymentComplete } from './payment-complete';
import { PaymentProgress } from './payment-progress';
import { PaymentQr } from './payment-qr';
import { ShippingForm } from './shipping-form';
import { usePurchase } from './use-purchase';

/** The wallet modal is rendered inside this element while the purchase dialog is open. */
export const PURCHASE_DIALOG_ID = 'purchase-dialog';

/** `onClose`: the dialog was dismissed (the wallet runtime that shows it forgets the purchase). */
type PurchaseDialogProps = { watch: PurchaseWatch; usdPerSol: number; onClose: () => void };

/**
 * The purchase dialog of SPEC §2: the shipping form, 'Processing Payment', 'Payment Complete!'.
 * With real payments a phone wallet can pay too, through a Solana Pay QR code, for the wallet
 * signed in here (only a signed-in wallet holds a piece while it is paid for).
 */
export function PurchaseDialog({ watch, usdPerSol, onClose }: PurchaseDialogProps) {
  const { payments, usdcMint } = useWalletConfig();
  // USDC is offered at the USD value shown here; the server fixes the exact amount from its own rate.
  const usd = usdValue(watch.price_sol, usdPerSol);
  const usdc = payments === 'solana' && usdcMint && usd > 0 ? { mint: usdcMint, usd } : null;
  const { state, submit, payWithPhone, edit, currency, chooseCurrency } = usePurchase(watch, payments, usdc);
  const price = usdc && currency === 'USDC' ? `${usd.toFixed(2)} USDC` : `${watch.price_sol} SOL`;
  const { connected } = useWallet();
  const { visible: walletModalOpen } = useWalletModal();

  // A payment under way cannot be walked away from; Escape belongs to the wallet modal when it is open.
  const keepOpen = (event: Event) => {
    if (state.step === 'processing' || walletModalOpen) event.preventDefault();
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        {/* The content sits inside the overlay, untransformed, so the wallet modal's fixed layer covers the screen. */}
        <Dialog.Overlay className="fixed inset-0 z-[60] grid place-items-center overflow-y-auto bg-ink/85 p-3 sm:p-6">
          <Dialog.Content
            id={PURCHASE_DIALOG_ID}
            onEscapeKeyDown={keepOpen}
            onPointerDownOutside={keepOpen}
            className="relative w-full max-w-lg rounded-2xl border border-line bg-surface p-5 shadow-2xl shadow-black/60 sm:p-8"
          >
            {state.step === 'form' ? (
              <>
                <p className="text-xs tracking-[0.25em] text-gold uppercase">{watch.brand}</p>
                <Dialog.Title className="mt-2 pr-8 font-serif text-3xl">Buy the {watch.model}</Dialog.Title>
                <Dialog.Description className="mt-2 text-muted">
                  <span className="text-ivory">{formatSol(watch.price_sol)}</span> (≈ {formatUsd(watch.price_sol, usdPerSol)}),
                  with its NFT certificate of authenticity and ownership. Tell us where to ship it.
                </Dialog.Description>
                {connected ? (
                  <ShippingForm
                    shipping={state.shipping}
                    priceSol={watch.price_sol}
                    usdc={usdc ? { amount: usd.toFixed(2), chosen: currency === 'USDC', onChoose: chooseCurrency } : undefined}
                    checking={state.checking}
                    signingIn={state.signingIn}
                    error={state.error}
                    onEdit={edit}
                    onSubmit={() => void submit()}
                    onPayWithPhone={payments === 'solana' ? () => void payWithPhone() : undefined}
                  />
                ) : (
                  <ConnectPrompt />
                )}
              </>
            ) : state.step === 'processing' ? (
              <PaymentProgress price={price} stage={state.stage} />
            ) : state.step === 'qr' ? (
              <PaymentQr intent={state.intent} watch={watch} confirming={state.confirming} minting={state.minting} />
            ) : (
              <PaymentComplete watch={watch} txHash={state.txHash} orderError={state.orderError} certificate={state.certificate} />
            )}
            {state.step !== 'processing' ? (
              <DialogCloseButton />
            ) : null}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
