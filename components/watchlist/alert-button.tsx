'use client';

import { useRef, useState, type ComponentType } from 'react';
import type { AlertDialogProps } from './alert-dialog';
import type { AlertSubject } from './alert-subject';

type AlertButtonProps = {
  subject: AlertSubject;
  /** Its words and look come from the server (alert-trigger.tsx): none of them is in a page's first load. */
  label: string;
  failure: string;
  className: string;
};

type Opened = { Dialog: ComponentType<AlertDialogProps>; signedIn: boolean };

/**
 * "Notify me" and "Save this search": the dialog's code, and whether this browser has a wallet
 * session, are fetched by the press, so the watch page and the listings carry only this button.
 * A press before the page is interactive is kept for then, as every button's is
 * (lib/presses-before-hydration.ts). Closed, the dialog goes, and the next press asks again about
 * the session: the shopper may have signed in or out meanwhile.
 */
export function AlertButton({ subject, label, failure, className }: AlertButtonProps) {
  const [opened, setOpened] = useState<Opened | null>(null);
  const [loading, setLoading] = useState<'busy' | 'failed' | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  const press = () => {
    if (loading === 'busy') return;
    setLoading('busy');
    import('./alert-dialog')
      .then(async (loaded) => setOpened({ Dialog: loaded.default, signedIn: await loaded.walletSignedIn() }))
      .then(
        () => setLoading(null),
        () => setLoading('failed'),
      );
  };

  return (
    <>
      <button ref={button} type="button" aria-busy={loading === 'busy'} aria-haspopup="dialog" onClick={press} className={className}>
        {label}
      </button>
      {loading === 'failed' && (
        <p role="alert" className="basis-full text-sm text-sold">
          {failure}
        </p>
      )}
      {opened && <opened.Dialog subject={subject} signedIn={opened.signedIn} onClose={() => setOpened(null)} returnFocusTo={button} />}
    </>
  );
}
