'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type RefObject } from 'react';
import type { ShopWatch } from '@/lib/catalog/shop-watch';
import { WatchDetail } from './watch-detail';

type WatchDetailDialogProps = {
  watch: ShopWatch;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back on close: the dialog opens from a card, not from a Radix trigger. */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/** The watch detail dialog of SPEC §2 (Radix: focus trap, Escape, overlay click, aria). */
export default function WatchDetailDialog({ watch, open, onOpenChange, returnFocusTo }: WatchDetailDialogProps) {
  const title = useRef<HTMLHeadingElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/75 backdrop-blur-sm" />
        <Dialog.Content
          className="fixed inset-x-0 top-0 z-50 max-h-dvh overflow-y-auto border border-line bg-ink p-5 pt-14 shadow-2xl sm:top-1/2 sm:left-1/2 sm:max-h-[92dvh] sm:w-[min(64rem,94vw)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-8 sm:pt-14"
          // Focus starts on the title, as a screen reader expects: not on the first control (the
          // carousel's Previous arrow), whose focus ring would show even after a mouse click.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            title.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <WatchDetail
            watch={watch}
            subheading="h3"
            title={
              <Dialog.Title ref={title} tabIndex={-1} className="mt-1 font-serif text-3xl font-semibold outline-none sm:text-4xl">
                {watch.model}
              </Dialog.Title>
            }
            description={<Dialog.Description className="leading-relaxed text-muted">{watch.description}</Dialog.Description>}
          />
          <Dialog.Close
            className="absolute top-3 right-3 flex size-10 items-center justify-center rounded-full border border-line text-xl text-muted transition hover:border-gold hover:text-ivory"
            aria-label="Close"
          >
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
