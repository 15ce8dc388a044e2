'use client';

import type { ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { prefetchHolderWallet } from './holder-wallet';
import { WAITING_TEXT } from './use-holder-action';

/**
 * A holder's button on /verify/{mint} and what it says after: the wallet's code fetched when a
 * pointer or the focus arrives, busy while the wallet and the server answer, then the outcome
 * (role=status) or why not (role=alert, `errorTestId`).
 */
export function HolderButton({
  busy,
  done,
  error,
  errorTestId,
  variant = 'secondary',
  type = 'button',
  onPress,
  describedBy,
  children,
}: {
  busy: boolean;
  done: string;
  error: string | null;
  errorTestId: string;
  variant?: 'primary' | 'secondary';
  type?: 'button' | 'submit';
  onPress?: () => void;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <>
      <button
        type={type}
        onClick={onPress}
        disabled={busy}
        aria-busy={busy}
        aria-describedby={describedBy}
        onPointerEnter={prefetchHolderWallet}
        onFocus={prefetchHolderWallet}
        className={`${buttonClass(variant)} w-full disabled:cursor-wait disabled:opacity-70 sm:w-auto`}
      >
        {children}
      </button>
      <p role="status" className="text-sm text-muted">
        {busy ? WAITING_TEXT : done}
      </p>
      {error ? (
        <p role="alert" data-testid={errorTestId} className="rounded-lg border border-sold/40 bg-sold/10 px-3 py-2 text-sm text-sold">
          {error}
        </p>
      ) : null}
    </>
  );
}
