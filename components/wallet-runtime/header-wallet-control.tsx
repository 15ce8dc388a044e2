'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { ConnectionTimeoutMessage } from '@/components/wallet/connection-timeout';
import { signOutWallet } from '@/lib/wallet/sign-in';
import { WalletButton } from '@/components/wallet/wallet-button';
import { WalletMenu } from '@/components/wallet/wallet-menu';
import { useWalletAction } from '@/components/wallet/use-wallet-action';
import { walletUi } from './wallet-ui';

const LABELS = {
  'no-wallet': 'Select Wallet',
  'has-wallet': 'Connect',
  connecting: 'Connecting...',
  disconnecting: 'Disconnecting...',
} as const;

/** The header wallet control of SPEC §2/§4, once the wallet code is there. */
export function HeaderWalletControl() {
  const wallet = useWalletAction();
  const { buttonState, act } = wallet;
  const button = useRef<HTMLButtonElement>(null);
  const router = useRouter();

  // 'Select Wallet' was pressed while the wallet code was still loading: finish what it asked,
  // from this button, which took the pressed placeholder's place (and so its focus).
  useEffect(() => {
    if (!walletUi.takeWalletModalRequest() || buttonState !== 'no-wallet') return;
    if (document.activeElement === document.body) button.current?.focus();
    act();
    // Only the request pending when the control appears; later presses come through onClick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (buttonState === 'connected' && wallet.address) {
    // Disconnecting also ends the wallet's sign-in (My Orders), on this page too.
    const disconnect = () => {
      wallet.onDisconnect?.();
      void signOutWallet().then(() => router.refresh());
    };
    return <WalletMenu address={wallet.address} onDisconnect={disconnect} />;
  }
  const busy = buttonState === 'connecting' || buttonState === 'disconnecting' || buttonState === 'connected';
  return (
    <div className="relative">
      <WalletButton ref={button} onClick={act} disabled={busy} aria-busy={busy}>
        {buttonState === 'has-wallet' && wallet.walletIcon ? (
          // The wallet's own icon is a data: URI that next/image cannot optimise.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={wallet.walletIcon} alt="" width={20} height={20} className="size-5" />
        ) : null}
        {buttonState === 'connected' ? LABELS.connecting : LABELS[buttonState]}
      </WalletButton>
      <ConnectionTimeoutMessage className="absolute top-full right-0 z-40 mt-2 w-64 rounded-lg border border-line bg-surface p-3 text-sm text-ivory shadow-xl shadow-black/50" />
    </div>
  );
}
