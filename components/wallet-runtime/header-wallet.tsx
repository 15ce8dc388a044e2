'use client';

import { useEffect } from 'react';
import { hasChosenWallet } from '@/lib/wallet/constants';
import { SelectWalletButton } from '@/components/wallet/wallet-button';
import { loadWallet, prefetchWallet, useLoadedWalletUi, withWalletUi } from './wallet-ui-on-demand';

/**
 * The header's wallet control (SPEC §2). Until the wallet code has loaded it is a plain 'Select
 * Wallet' button, so the page never waits on the wallet bundle. The code is fetched as a pointer
 * or the focus reaches a wallet control or a Buy button, and loads on the first press, or once the
 * page is idle when this browser chose a wallet before (auto-connect). Then the loaded control
 * takes its place (header-wallet-slot.tsx), and the runtime's real control once that has loaded.
 */
export function HeaderWallet() {
  const loaded = useLoadedWalletUi();

  useEffect(() => {
    if (!hasChosenWallet()) return;
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(loadWallet, 200);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(loadWallet, { timeout: 3000 });
    return () => window.cancelIdleCallback(idle);
  }, []);

  if (loaded) return <loaded.HeaderWalletSlot />;
  return (
    <SelectWalletButton
      busy={false}
      onSelect={() => withWalletUi((walletUi) => walletUi.requestWalletModal())}
      // A pointer on its way to the button or keyboard focus: start fetching the wallet code now.
      onIntent={prefetchWallet}
    />
  );
}
