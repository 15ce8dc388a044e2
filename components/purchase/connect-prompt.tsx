'use client';

import { ConnectionTimeoutMessage } from '@/components/wallet/connection-timeout';
import { useWalletAction } from '@/components/wallet/use-wallet-action';

/** SPEC §2: without a connected wallet, the purchase dialog offers this instead of the form. */
export function ConnectPrompt() {
  const { buttonState, act } = useWalletAction();
  const busy = buttonState === 'connecting' || buttonState === 'disconnecting';
  return (
    <div className="mt-6 rounded-xl border border-line bg-raised/60 p-5 text-center">
      <p className="text-sm text-muted">Purchases are paid in SOL from a Solana wallet on Devnet.</p>
      <button
        type="button"
        onClick={act}
        disabled={busy}
        aria-busy={busy}
        className="mt-4 w-full rounded-full bg-gold px-5 py-3 text-sm font-medium text-ink transition hover:bg-gold-bright disabled:cursor-wait disabled:opacity-70"
      >
        Connect your Solana wallet to purchase
      </button>
      <ConnectionTimeoutMessage className="mt-3 text-sm text-sold" />
    </div>
  );
}
