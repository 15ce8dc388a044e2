'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type RefObject } from 'react';
import { DialogCloseButton } from '@/components/ui/dialog-close-button';
import { AlertForm } from './alert-form';
import { alertCopy } from './alert-copy';
import type { AlertSubject } from './alert-subject';

export { walletSignedIn } from './watchlist-client';

export type AlertDialogProps = {
  subject: AlertSubject;
  /** A wallet session was found as the dialog opened: the first try sends no address. */
  signedIn: boolean;
  onClose: () => void;
  /** The button that opened it, which is no Radix trigger: focus goes back there on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/** The dialog of "Notify me" and "Save this search" (issue 52), loaded by their press (alert-button.tsx). */
export default function AlertDialog({ subject, signedIn, onClose, returnFocusTo }: AlertDialogProps) {
  const copy = alertCopy(subject);
  const close = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] grid place-items-center overflow-y-auto bg-ink/85 p-3 sm:p-6">
          <Dialog.Content
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              returnFocusTo.current?.focus();
            }}
            className="relative w-full max-w-md rounded-2xl border border-line bg-surface p-5 shadow-2xl shadow-black/60 sm:p-8"
          >
            <Dialog.Title className="pr-8 font-serif text-3xl">{copy.title}</Dialog.Title>
            <Dialog.Description className="mt-2 text-muted">{copy.text}</Dialog.Description>
            {/* Once the request is taken its form goes: focus moves to Close, the one step left. */}
            <AlertForm subject={subject} signedIn={signedIn} submitLabel={copy.submit} onDone={() => close.current?.focus()} />
            <DialogCloseButton ref={close} />
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
