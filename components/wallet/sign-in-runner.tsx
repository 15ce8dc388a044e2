'use client';

import { useWallet } from '@solana/wallet-adapter-react';
import { useWalletModal } from '@solana/wallet-adapter-react-ui';
import { useRouter } from 'next/navigation';
import { useEffect, useSyncExternalStore } from 'react';
import { walletSignIn } from '@/lib/wallet/sign-in-store';
import { signInWithWallet } from '@/lib/wallet/sign-in';

/**
 * Part of the wallet runtime: when "Sign in with your wallet" was pressed, connects the wallet
 * (the wallet modal when none is chosen) and has it sign the shop's SIWS challenge; then the page
 * is rendered again by the server, now with the session.
 */
export function SignInRunner() {
  const state = useSyncExternalStore(walletSignIn.subscribe, walletSignIn.getSnapshot, walletSignIn.getSnapshot);
  const { publicKey, connected, connecting, wallet, connect, signIn, signMessage } = useWallet();
  const { setVisible } = useWalletModal();
  const router = useRouter();

  useEffect(() => {
    if (state.status !== 'requested' || connecting) return;
    if (!connected || !publicKey) {
      if (wallet) connect().catch(() => walletSignIn.set({ status: 'failed', message: 'Your wallet did not connect. Please try again.' }));
      else setVisible(true);
      return;
    }
    walletSignIn.set({ status: 'signing' });
    void signInWithWallet({ address: publicKey.toBase58(), signIn, signMessage }).then((result) => {
      walletSignIn.set(result.ok ? { status: 'signed-in', wallet: result.wallet } : { status: 'failed', message: result.message });
      if (result.ok) router.refresh();
    });
  }, [state.status, connected, connecting, publicKey, wallet, connect, setVisible, signIn, signMessage, router]);

  return null;
}
