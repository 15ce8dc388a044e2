'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useWallet } from '@solana/wallet-adapter-react';
import { useWalletModal } from '@solana/wallet-adapter-react-ui';
import { walletUi } from '@/components/wallet/wallet-ui';
import { formatSol, formatUsd } from '@/lib/price/format';
import type { PurchaseWatch } from '@/lib/purchase/purchase';
import { solscanTransactionUrl } from '@/lib/wallet/explorer';
import { ConnectPrompt } from './connect-prompt';
import { ShippingForm } from './shipping-form';
import { usePurchase } from './use-purchase';

/** The wallet modal is rendered inside this element while the purchase dialog is open. */
export const PURCHASE_DIALOG_ID = 'purchase-dialog';

const PRIMARY =
  'inline-flex w-full items-center justify-center rounded-full bg-gold px-5 py-3 text-sm font-medium text-ink transition hover:bg-gold-bright';
const SECONDARY =
  'inline-flex w-full items-center justify-center rounded-full border border-gold/60 px-5 py-3 text-sm text-gold transition hover:border-gold hover:text-gold-bright';

/** The purchase dialog of SPEC §2: the shipping form, 'Processing Payment', 'Payment Complete!'. */
export function PurchaseDialog({ watch, usdPerSol }: { watch: PurchaseWatch; usdPerSol: number }) {
  const { state, submit, edit } = usePurchase(watch);
  const { connected } = useWallet();
  const { visible: walletModalOpen } = useWalletModal();

  // A payment under way cannot be walked away from; Escape belongs to the wallet modal when it is open.
  const keepOpen = (event: Event) => {
    if (state.step === 'processing' || walletModalOpen) event.preventDefault();
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && walletUi.closePurchase()}>
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
                    checking={state.checking}
                    error={state.error}
                    onEdit={edit}
                    onSubmit={() => void submit()}
                  />
                ) : (
                  <ConnectPrompt />
                )}
              </>
            ) : state.step === 'processing' ? (
              <div className="py-6 text-center" role="status">
                <span
                  aria-hidden
                  className="mx-auto block size-12 rounded-full border-2 border-line border-t-gold motion-safe:animate-spin"
                />
                <Dialog.Title className="mt-6 font-serif text-3xl">Processing Payment</Dialog.Title>
                <Dialog.Description className="mt-2 text-muted">
                  Confirming your payment of {watch.price_sol} SOL and minting your NFT certificate. Please keep this
                  window open.
                </Dialog.Description>
              </div>
            ) : (
              <div>
                <Dialog.Title className="font-serif text-3xl text-ok">Payment Complete!</Dialog.Title>
                <Dialog.Description className="mt-2 text-muted">
                  The {watch.brand} {watch.model} is yours, with its NFT certificate of authenticity and ownership.
                </Dialog.Description>
                <p className="mt-6 text-xs tracking-widest text-muted uppercase">Transaction hash</p>
                <p className="mt-1 rounded-lg bg-ink px-3 py-2 font-mono text-xs break-all" data-testid="transaction-hash">
                  {state.txHash}
                </p>
                {state.orderError ? (
                  <p role="alert" className="mt-4 rounded-lg border border-sold/40 bg-sold/10 px-3 py-2 text-sm text-sold">
                    {state.orderError}
                  </p>
                ) : null}
                <div className="mt-6 grid gap-3 sm:grid-cols-2">
                  <a href={solscanTransactionUrl(state.txHash)} target="_blank" rel="noopener noreferrer" className={SECONDARY}>
                    View on Solscan
                  </a>
                  <Dialog.Close className={PRIMARY}>Continue Shopping</Dialog.Close>
                </div>
              </div>
            )}
            {state.step !== 'processing' ? (
              <Dialog.Close
                aria-label="Close"
                className="absolute top-4 right-4 grid size-9 place-items-center rounded-full text-muted transition hover:bg-raised hover:text-ivory"
              >
                <svg aria-hidden viewBox="0 0 14 14" className="size-3.5 fill-current">
                  <path d="M14 12.46 8.3 6.77l5.23-5.23L12 0 6.77 5.23 1.54 0 0 1.54l5.23 5.23L0 12l1.54 1.53L6.77 8.3 12.46 14z" />
                </svg>
              </Dialog.Close>
            ) : null}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
