'use client';

import { useState, type ComponentType } from 'react';
import type { ShareMenuProps } from './share-menu';

type ShareButtonProps = {
  watchId: string;
  /** Whether the shop takes real payments: only then has a watch a buy link (its Solana Action). */
  buyLink: boolean;
  /** Its look, from the server (watch-page-content.tsx), so that it is not in the page's JavaScript. */
  className: string;
};

const loadMenu = () => import('./share-menu');

/** Fetches the menu's code ahead of a press, as the pointer arrives or the button is focused. */
const prefetch = () => void loadMenu().catch(() => undefined);

/**
 * The watch page's Share button. Its menu (Radix's, share-menu.tsx) is fetched by the first press,
 * so the page's first load carries only this button and its live region; a press before the page
 * is interactive is kept for then, as every button's is (lib/presses-before-hydration.ts). What the
 * menu copies is announced in the live region, which is on the page from the start so that screen
 * readers hear its changes.
 */
export function ShareButton({ watchId, buyLink, className }: ShareButtonProps) {
  const [Menu, setMenu] = useState<ComponentType<ShareMenuProps> | null>(null);
  const [loading, setLoading] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const press = () => {
    if (loading) return;
    setLoading(true);
    setAnnouncement('');
    loadMenu().then(
      (loaded) => {
        setMenu(() => loaded.ShareMenu);
        setLoading(false);
      },
      (error: unknown) => {
        console.error('Loading the share menu failed', error);
        setLoading(false);
        setAnnouncement('The share menu could not be loaded. Please try again.');
      },
    );
  };

  return (
    <>
      {Menu ? (
        <Menu watchId={watchId} buyLink={buyLink} className={className} announce={setAnnouncement} />
      ) : (
        <button
          type="button"
          aria-haspopup="menu"
          aria-expanded={false}
          aria-busy={loading}
          onClick={press}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          className={`${className} aria-busy:cursor-wait`}
        >
          Share
        </button>
      )}
      <span role="status" className="text-sm text-muted">
        {announcement}
      </span>
    </>
  );
}
