'use client';

import * as Dialog from '@radix-ui/react-dialog';
import type { Watch } from '@/lib/catalog/types';

type Props = { watch: Watch; onCancel: () => void; onConfirm: (watch: Watch) => void };

/**
 * SPEC §5's delete confirmation, as an alert dialog built on Radix Dialog (AlertDialog is not
 * installed): unlike window.confirm it matches the shop, traps focus, closes on Escape and starts
 * on Cancel, so a stray Enter deletes nothing.
 */
export function DeleteWatchDialog({ watch, onCancel, onConfirm }: Props) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/80" />
        <Dialog.Content
          role="alertdialog"
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-line bg-surface p-6"
        >
          <Dialog.Title className="font-serif text-xl">
            Delete {watch.brand} {watch.model}
          </Dialog.Title>
          <Dialog.Description className="mt-3 text-muted">Are you sure you want to delete this watch?</Dialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <Dialog.Close className="rounded border border-line px-4 py-2 text-ivory hover:border-gold">Cancel</Dialog.Close>
            <button
              type="button"
              onClick={() => onConfirm(watch)}
              className="rounded bg-sold px-4 py-2 font-medium text-ink hover:opacity-90"
            >
              Delete
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
