'use client';

import { useWalletMultiButton } from '@solana/wallet-adapter-base-ui';
import { useWalletModal } from '@solana/wallet-adapter-react-ui';
import { useConnectionTimeout } from './connection-timeout';

/**
 * The wallet's state for a connect button (SPEC §4: no-wallet, has-wallet, connecting,
 * connected, disconnecting) and what pressing it does: no wallet chosen opens the wallet modal,
 * a chosen one that is not connected connects.
 */
export function useWalletAction() {
  const { setVisible } = useWalletModal();
  const wallet = useWalletMultiButton({ onSelectWallet: () => setVisible(true) });
  const timeout = useConnectionTimeout();
  const act = () => {
    timeout.clear();
    if (wallet.buttonState === 'has-wallet') wallet.onConnect?.();
    else if (wallet.buttonState === 'no-wallet') setVisible(true);
  };
  return { ...wallet, address: wallet.publicKey?.toBase58() ?? null, act };
}
