import * as Dialog from '@radix-ui/react-dialog';
import type { Ref } from 'react';

/** The × in the corner of the storefront's form dialogs (Radix's Close: Escape and the overlay close them too). */
export function DialogCloseButton({ ref }: { ref?: Ref<HTMLButtonElement> }) {
  return (
    <Dialog.Close
      ref={ref}
      aria-label="Close"
      className="absolute top-4 right-4 grid size-9 place-items-center rounded-full text-muted transition hover:bg-raised hover:text-ivory"
    >
      <svg aria-hidden viewBox="0 0 14 14" className="size-3.5 fill-current">
        <path d="M14 12.46 8.3 6.77l5.23-5.23L12 0 6.77 5.23 1.54 0 0 1.54l5.23 5.23L0 12l1.54 1.53L6.77 8.3 12.46 14z" />
      </svg>
    </Dialog.Close>
  );
}
