'use client';

import { useWalletModal } from '@solana/wallet-adapter-react-ui';
import { useEffect, useRef } from 'react';

/** Where focus goes in the wallet modal, by preference: a wallet, the options expander, its close button. */
const FIRST_CONTROLS = ['.wallet-adapter-modal-list .wallet-adapter-button', '.wallet-adapter-modal-list-more', '.wallet-adapter-modal-button-close'];

function focusFirstControl() {
  for (const selector of FIRST_CONTROLS) {
    // Wallets behind a closed expander are in the document but hidden.
    const controls = document.querySelectorAll<HTMLElement>(`.wallet-adapter-modal ${selector}`);
    const control = [...controls].find((candidate) => candidate.checkVisibility());
    if (control) return control.focus();
  }
}

/**
 * The wallet modal traps Tab only once focus is inside it, and gives nothing back when it closes:
 * this moves focus into it on open and returns focus to the opener on close.
 */
export function useWalletModalFocus() {
  const { visible } = useWalletModal();
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (visible) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // The modal renders into its portal one commit after it becomes visible.
      const frame = requestAnimationFrame(focusFirstControl);
      return () => cancelAnimationFrame(frame);
    }
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  }, [visible]);
}
