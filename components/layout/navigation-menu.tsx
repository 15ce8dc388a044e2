'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { NavList } from './nav-list';

const MOBILE_MENU_ID = 'mobile-menu';

type NavigationMenuProps = {
  pathname: string | null;
  /** The wallet control, placed between the link bar and the menu button. */
  wallet: ReactNode;
};

/**
 * The link bar on wide screens; on narrow ones a button that toggles the same links. The menu
 * closes on Escape (focus back on its button), on a link click and on any navigation.
 */
export function NavigationMenu({ pathname, wallet }: NavigationMenuProps) {
  // The path the menu was opened on: a navigation elsewhere closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null | undefined>(undefined);
  const open = openOn === pathname;
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(undefined);
      button.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  const close = () => setOpenOn(undefined);

  return (
    <>
      <nav aria-label="Main" className="hidden flex-1 lg:block">
        <NavList pathname={pathname} className="flex items-center justify-center gap-7 text-sm" linkClassName="py-2" />
      </nav>
      <div className="ml-auto lg:ml-0">{wallet}</div>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={MOBILE_MENU_ID}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpenOn(open ? undefined : pathname)}
        className="grid size-11 place-items-center rounded-full border border-line text-ivory transition-colors hover:border-gold lg:hidden"
      >
        <MenuIcon open={open} />
      </button>
      <nav id={MOBILE_MENU_ID} aria-label="Main menu" hidden={!open} className="basis-full lg:hidden">
        <NavList
          pathname={pathname}
          onNavigate={close}
          className="flex flex-col border-t border-line pt-2 text-base"
          linkClassName="block py-3"
        />
      </nav>
    </>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.5">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}
