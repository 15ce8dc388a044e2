'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { factorApi } from '@/lib/admin/second-factor-client';
import { registerStepUpPrompt } from '@/lib/admin/step-up-client';
import type { FactorState } from '@/lib/second-factor/state';
import { FactorPrompt } from './factor-prompt';

/**
 * Step-up (issue 36): mounted with the panel, it is the prompt a call refused with STEP_UP_REQUIRED
 * asks through (lib/admin/step-up-client.ts); the call is sent again once the factor is given.
 */
export function StepUpDialog() {
  const [state, setState] = useState<FactorState | null>(null);
  const settle = useRef<((given: boolean) => void) | null>(null);

  useEffect(
    () =>
      registerStepUpPrompt(async () => {
        setState(await factorApi.state());
        return new Promise<boolean>((resolve) => {
          settle.current = resolve;
        });
      }),
    [],
  );

  const close = (given: boolean) => {
    settle.current?.(given);
    settle.current = null;
    setState(null);
  };

  return (
    <Dialog.Root open={state !== null} onOpenChange={(open) => !open && close(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/80" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 space-y-5 rounded-lg border border-line bg-surface p-6">
          <Dialog.Title className="font-serif text-xl">Confirm it is you</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">
            This change needs your second factor again: it was last given more than 5 minutes ago.
          </Dialog.Description>
          {state && <FactorPrompt state={state} onVerified={() => close(true)} />}
          <Dialog.Close className="rounded border border-line px-4 py-2 text-ivory hover:border-gold">Cancel</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
