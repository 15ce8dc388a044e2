'use client';

import { useSyncExternalStore } from 'react';
import { loadWallet, prefetchWallet } from '@/components/wallet-runtime/wallet-ui-on-demand';
import { walletSignIn } from '@/lib/wallet/sign-in-store';

/**
 * "Sign in with your wallet": loads the wallet code (on demand, as every wallet control does) and
 * asks it to connect and sign the shop's Sign-In With Solana message. The button's look comes from
 * the server (buttonClass): importing it here would pull it out of the error pages' code into a
 * module of its own on every page.
 */
export function WalletSignIn({ buttonClassName }: { buttonClassName: string }) {
  const state = useSyncExternalStore(walletSignIn.subscribe, walletSignIn.getSnapshot, walletSignIn.getSnapshot);
  const busy = state.status === 'signing';
  return (
    <section aria-labelledby="sign-in-title" className="max-w-xl rounded-xl border border-line bg-surface p-6 sm:p-8">
      <h2 id="sign-in-title" className="font-serif text-2xl">
        Sign in with your wallet
      </h2>
      <p className="mt-3 text-muted">
        Your orders belong to the wallet that paid for them. Sign in with it to see them: your wallet asks you to sign a short message
        for this shop. Signing costs nothing and moves no SOL.
      </p>
      <button
        type="button"
        className={`mt-6 ${buttonClassName}`}
        disabled={busy}
        aria-busy={busy}
        onClick={() => {
          walletSignIn.request();
          loadWallet();
        }}
        onPointerEnter={prefetchWallet}
        onFocus={prefetchWallet}
      >
        {busy ? 'Signing in…' : 'Sign in with your wallet'}
      </button>
      <p aria-live="polite" className="mt-4 text-sm">
        {state.status === 'requested' ? <span className="text-muted">Connect your wallet to continue.</span> : null}
        {state.status === 'signing' ? <span className="text-muted">Approve the sign-in in your wallet.</span> : null}
        {state.status === 'failed' ? (
          <span role="alert" className="text-sold">
            {state.message}
          </span>
        ) : null}
      </p>
    </section>
  );
}
