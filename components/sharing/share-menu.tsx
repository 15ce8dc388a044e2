'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { blinkUrl } from '@/lib/actions/links';

export type ShareMenuProps = {
  watchId: string;
  buyLink: boolean;
  className: string;
  /** Says what a copy did, in the Share button's live region ('' clears it). */
  announce: (message: string) => void;
};

const ITEM =
  'flex min-h-11 cursor-pointer items-center rounded-md px-3 py-2 text-sm text-ivory outline-none select-none data-[highlighted]:bg-raised data-[highlighted]:text-gold-bright';

const COPIED = 'Link copied';
const NOT_COPIED = 'The link could not be copied: your browser did not allow it.';

/** The page's own address, without its query (a campaign's, or a blink's `action`). */
const pageLink = () => `${window.location.origin}${window.location.pathname}`;

/**
 * The watch page's share menu, loaded by the first press of Share (share-button.tsx), which it
 * replaces, open: the page link, and, when the shop takes real payments, the buy link (the watch's
 * blink: its page carrying its Solana Action, which Actions-aware wallets and sites show as a Buy
 * card, and anything else opens as the page).
 */
export function ShareMenu({ watchId, buyLink, className, announce }: ShareMenuProps) {
  const [open, setOpen] = useState(true);

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      announce(COPIED);
    } catch (error) {
      console.error('Copying the link failed', error);
      announce(NOT_COPIED);
    }
  };

  return (
    <DropdownMenu.Root
      // Not modal: nothing else on the page needs hiding from screen readers while two links are offered.
      modal={false}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Cleared as the menu opens, so that the next copy is announced even with the same words.
        if (next) announce('');
      }}
    >
      <DropdownMenu.Trigger asChild>
        <button type="button" className={className}>
          Share
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 w-60 max-w-[calc(100vw-1.5rem)] rounded-xl border border-line bg-surface p-1.5 shadow-2xl shadow-black/50"
        >
          <DropdownMenu.Item className={ITEM} onSelect={() => void copy(pageLink())}>
            Copy page link
          </DropdownMenu.Item>
          {buyLink && (
            <DropdownMenu.Item className={ITEM} onSelect={() => void copy(blinkUrl(window.location.origin, watchId))}>
              Copy buy link
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
