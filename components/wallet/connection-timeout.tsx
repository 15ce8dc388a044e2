'use client';

import { useWallet } from '@solana/wallet-adapter-react';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { WALLET_CONNECT_TIMEOUT_MS } from '@/lib/wallet/constants';

type ConnectionTimeout = {
  /** The last connection attempt was given up: the wallet never answered. */
  timedOut: boolean;
  /** Forget it, as a new attempt begins. */
  clear: () => void;
};

const ConnectionTimeoutContext = createContext<ConnectionTimeout>({ timedOut: false, clear: () => {} });

export const WALLET_TIMEOUT_MESSAGE = 'Your wallet did not answer within 30 seconds. Open it and try connecting again.';

/**
 * SPEC §9: a connection attempt (a click or auto-connect) that has not finished after 30 s ends.
 * A wallet that never answers would otherwise hold the adapter in "connecting" for good: its
 * connect() promise never settles. Deselecting the wallet makes the adapter provider drop it and
 * reset its state, and the control shows its disconnected label again.
 */
export function ConnectionTimeoutProvider({ children }: { children: ReactNode }) {
  const { connecting, wallet, select } = useWallet();
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (!connecting || !wallet) return;
    const { adapter } = wallet;
    const timer = setTimeout(() => {
      setTimedOut(true);
      // Tell the wallet too, without waiting on it: it did not answer the connection either.
      adapter.disconnect().catch(() => {});
      select(null);
    }, WALLET_CONNECT_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [connecting, wallet, select]);

  const value = useMemo(() => ({ timedOut, clear: () => setTimedOut(false) }), [timedOut]);
  return <ConnectionTimeoutContext value={value}>{children}</ConnectionTimeoutContext>;
}

export function useConnectionTimeout(): ConnectionTimeout {
  return useContext(ConnectionTimeoutContext);
}

/** What a wallet control says under itself after a given-up connection. */
export function ConnectionTimeoutMessage({ className = '' }: { className?: string }) {
  const { timedOut } = useConnectionTimeout();
  return (
    <p role="alert" className={className} hidden={!timedOut}>
      {timedOut ? WALLET_TIMEOUT_MESSAGE : null}
    </p>
  );
}
