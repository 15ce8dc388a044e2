'use client';

import { useEffect } from 'react';
import { hasChosenWallet } from '@/lib/wallet/constants';
import { WalletButton } from './wallet-button';
import { useWalletUi, walletUi } from './wallet-ui';

/**
 * The header's wallet control (SPEC §2). Until the wallet code has loaded it is a plain 'Select
 * Wallet' button, so the page never waits on the wallet bundle; the code loads on the first
 * interaction with a wallet control or a Buy button, or once the page is idle when this browser
 * chose a wallet before (auto-connect). Then the runtime renders the real control in its place.
 */
export function HeaderWallet() {
  const { runtime, status } = useWalletUi();

  useEffect(() => {
    if (!hasChosenWallet()) return;
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(() => void walletUi.load(), 200);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(() => void walletUi.load(), { timeout: 3000 });
    return () => window.cancelIdleCallback(idle);
  }, []);

  if (runtime) return <runtime.WalletRuntime config={runtime.config} />;
  return (
    <WalletButton
      aria-busy={status === 'loading'}
      onClick={walletUi.requestWalletModal}
      // A pointer on its way to the button or keyboard focus: start fetching the wallet code now.
      onPointerEnter={() => void walletUi.load()}
      onFocus={() => void walletUi.load()}
    >
      Select Wallet
    </WalletButton>
  );
}
