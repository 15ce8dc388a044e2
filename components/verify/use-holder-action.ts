'use client';

import { useEffect, useRef, useState } from 'react';
import type { HolderRequest } from '@/lib/certificate/holder-request';
import { holderRequest } from './holder-wallet';

/** While a press waits on the wallet and the server. */
export const WAITING_TEXT = 'Waiting for your wallet…';

/**
 * One holder's button or form: busy while the wallet connects, signs and the request goes, then
 * the server's answer (null when there is none), or the message of why not (to show in role=alert).
 */
export function useHolderAction(mint: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  async function run<T>(request: HolderRequest): Promise<{ data: T } | null> {
    setBusy(true);
    setError(null);
    const result = await holderRequest<T>(mint, request);
    if (!alive.current) return null;
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return null;
    }
    return { data: result.data };
  }

  return { busy, error, setError, run };
}
