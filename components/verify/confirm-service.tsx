'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { HolderButton } from './holder-button';
import { useHolderAction } from './use-holder-action';

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
      <HolderButton busy={busy} done={done} error={error} errorTestId="confirm-service-error" onPress={() => void confirm()} describedBy={describedBy}>
        Confirm as the owner
      </HolderButton>
    </div>
  );
}
