'use client';

import { WalletReadyState, type WalletName } from '@solana/wallet-adapter-base';
import { useWallet, type Wallet } from '@solana/wallet-adapter-react';
import { WalletIcon, WalletModalContext, useWalletModal } from '@solana/wallet-adapter-react-ui';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { MODAL_CLOSE_DELAY_MS } from '@/lib/wallet/constants';

/**
 * The wallet modal of SPEC §2, in the stock modal's look (its class names and stylesheet). Not the
 * stock WalletModal itself: version 0.9.40 groups wallets as "installed ? [installed, others] :
 * [others, []]", so with nothing installed it lists the not-installed kinds under 'Connect a wallet
 * on Solana to continue' as if they were there, and its 'You'll need a wallet' branch only shows
 * for an empty wallet list, with nothing behind 'Already have a wallet? View options'. Here the
 * not-installed kinds always wait behind the expander.
 */
export function WalletModalProvider({ container, children }: { container: string; children: ReactNode }) {
  const [visible, setVisible] = useState(false);
  const value = useMemo(() => ({ visible, setVisible }), [visible]);
  return (
    <WalletModalContext value={value}>
      {children}
      {visible && <WalletModal container={container} />}
    </WalletModalContext>
  );
}

const TITLE_ID = 'wallet-adapter-modal-title';

function WalletModal({ container }: { container: string }) {
  const { wallets, select } = useWallet();
  const { setVisible } = useWalletModal();
  const ref = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [fadeIn, setFadeIn] = useState(false);

  const installed = wallets.filter((wallet) => wallet.readyState === WalletReadyState.Installed);
  const others = wallets.filter((wallet) => wallet.readyState !== WalletReadyState.Installed);

  const hide = useCallback(() => {
    setFadeIn(false);
    setTimeout(() => setVisible(false), MODAL_CLOSE_DELAY_MS);
  }, [setVisible]);

  const choose = (name: WalletName) => {
    select(name);
    hide();
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
      else if (event.key === 'Tab' && ref.current) trapTab(event, ref.current);
    };
    const { overflow } = window.getComputedStyle(document.body);
    // The stylesheet's fade-in needs one frame with the modal shown without it.
    const fade = setTimeout(() => setFadeIn(true), 0);
    document.body.style.overflow = 'hidden';
    window.addEventListener('keydown', onKeyDown);
    return () => {
      clearTimeout(fade);
      document.body.style.overflow = overflow;
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [hide]);

  // The wallet runtime renders only in the browser: the container is there to look up.
  const portal = document.querySelector(container);
  if (!portal) return null;
  const expander = (label: string) => (
    <button
      type="button"
      className="wallet-adapter-modal-list-more"
      aria-expanded={expanded}
      aria-controls="wallet-adapter-modal-collapse"
      onClick={() => setExpanded(!expanded)}
    >
      <span>{label}</span>
      <svg width="13" height="7" viewBox="0 0 13 7" aria-hidden="true" className={expanded ? 'wallet-adapter-modal-list-more-icon-rotate' : ''}>
        <path d="M0.71418 1.626L5.83323 6.26188C5.91574 6.33657 6.0181 6.39652 6.13327 6.43762C6.24844 6.47872 6.37371 6.5 6.50048 6.5C6.62725 6.5 6.75252 6.47872 6.8677 6.43762C6.98287 6.39652 7.08523 6.33657 7.16774 6.26188L12.2868 1.626C12.7753 1.1835 12.3703 0.5 11.6195 0.5H1.37997C0.629216 0.5 0.224175 1.1835 0.71418 1.626Z" />
      </svg>
    </button>
  );
  const collapsed = (
    <div id="wallet-adapter-modal-collapse" role="region" aria-label="Other wallets" hidden={!expanded}>
      <WalletList wallets={others} onChoose={choose} />
    </div>
  );

  return createPortal(
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby={TITLE_ID}
      className={`wallet-adapter-modal ${fadeIn ? 'wallet-adapter-modal-fade-in' : ''}`}
    >
      <div className="wallet-adapter-modal-container">
        <div className="wallet-adapter-modal-wrapper">
          <button type="button" aria-label="Close" onClick={hide} className="wallet-adapter-modal-button-close">
            <svg width="14" height="14" aria-hidden="true">
              <path d="M14 12.461 8.3 6.772l5.234-5.233L12.006 0 6.772 5.234 1.54 0 0 1.539l5.234 5.233L0 12.006l1.539 1.528L6.772 8.3l5.69 5.7L14 12.461z" />
            </svg>
          </button>
          {installed.length > 0 ? (
            <>
              <h1 id={TITLE_ID} className="wallet-adapter-modal-title">
                Connect a wallet on Solana to continue
              </h1>
              <WalletList wallets={installed} onChoose={choose} />
              {others.length > 0 && (
                <>
                  {collapsed}
                  {expander(expanded ? 'Less options' : 'More options')}
                </>
              )}
            </>
          ) : (
            <>
              <h1 id={TITLE_ID} className="wallet-adapter-modal-title">
                You&apos;ll need a wallet on Solana to continue
              </h1>
              {others.length > 0 && (
                <>
                  {expander(expanded ? 'Hide options' : 'Already have a wallet? View options')}
                  {collapsed}
                </>
              )}
            </>
          )}
        </div>
      </div>
      <div className="wallet-adapter-modal-overlay" onMouseDown={hide} />
    </div>,
    portal,
  );
}

function WalletList({ wallets, onChoose }: { wallets: Wallet[]; onChoose: (name: WalletName) => void }) {
  return (
    <ul className="wallet-adapter-modal-list">
      {wallets.map((wallet) => (
        <li key={wallet.adapter.name}>
          <button type="button" className="wallet-adapter-button" onClick={() => onChoose(wallet.adapter.name)}>
            <i className="wallet-adapter-button-start-icon">
              <WalletIcon wallet={wallet} alt="" />
            </i>
            {wallet.adapter.name}
            {wallet.readyState === WalletReadyState.Installed && <span>Detected</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Keeps Tab inside the modal, both ways, among the buttons that can be reached (not the hidden ones). */
function trapTab(event: KeyboardEvent, modal: HTMLElement) {
  const buttons = [...modal.querySelectorAll('button')].filter((button) => button.checkVisibility());
  const first = buttons[0];
  const last = buttons.at(-1);
  if (event.shiftKey && document.activeElement === first) {
    last?.focus();
    event.preventDefault();
  } else if (!event.shiftKey && document.activeElement === last) {
    first?.focus();
    event.preventDefault();
  }
}
