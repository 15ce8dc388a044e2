'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { prefetchHolderWallet } from './holder-wallet';
import { useHolderAction, WAITING_TEXT } from './use-holder-action';

/**
 * "Confirm as the owner" under a service event: the holder's wallet signs that it accepts it, and
 * anyone can then check that signature against the wallet.
 */
export function ConfirmService({ mint, eventId, describedBy }: { mint: string; eventId: string; describedBy: string }) {
  const router = useRouter();
  const { busy, error, run } = useHolderAction(mint);
  const [done, setDone] = useState('');

  async function confirm() {
    setDone('');
    const answer = await run<unknown>({
      action: 'accept-service',
      eventId,
      url: `/api/verify/${encodeURIComponent(mint)}/service-events/${encodeURIComponent(eventId)}/accept`,
    });
    if (!answer) return;
    setDone('Confirmed: your wallet signed this service.');
    router.refresh();
  }

  return (
    <div className="space-y-2">
      <button
        type="button"
        onClick={() => void confirm()}
        disabled={busy}
        aria-busy={busy}
        aria-describedby={describedBy}
        onPointerEnter={prefetchHolderWallet}
        onFocus={prefetchHolderWallet}
        className={`${buttonClass('secondary')} w-full disabled:cursor-wait disabled:opacity-70 sm:w-auto`}
      >
        Confirm as the owner
      </button>
      <p role="status" className="text-muted">
        {busy ? WAITING_TEXT : done}
      </p>
      {error ? (
        <p role="alert" data-testid="confirm-service-error" className="rounded-lg border border-sold/40 bg-sold/10 px-3 py-2 text-sold">
          {error}
        </p>
      ) : null}
    </div>
  );
}
