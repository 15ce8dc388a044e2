'use client';

import { useEffect, useRef, useState } from 'react';
import { confirmAlerts, unsubscribe, type ShopAnswer } from './watchlist-client';

/** What the e-mail's links open: the confirmation of an address, and the unsubscription that forgets it. */
const ACTIONS = {
  confirm: { label: 'Confirm', busy: 'Confirming…', done: 'Confirmed. We will e-mail you when it happens.', send: confirmAlerts },
  unsubscribe: {
    label: 'Unsubscribe and forget me',
    busy: 'Unsubscribing…',
    done: 'Done. Your address and its watches are deleted.',
    send: unsubscribe,
  },
} satisfies Record<string, { label: string; busy: string; done: string; send: (token: string) => Promise<ShopAnswer> }>;

export type TokenAction = keyof typeof ACTIONS;

/**
 * The one button of /watchlist/confirm and /watchlist/unsubscribe. The e-mail's link only opens
 * the page; the press sends the token: mail scanners open links, and must neither confirm nor
 * unsubscribe anyone.
 */
export function TokenActionForm({ action, token, className }: { action: TokenAction; token: string; className: string }) {
  const { label, busy, done, send } = ACTIONS[action];
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [finished, setFinished] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);

  // The pressed button is gone: focus goes to what it did, not to the top of the page.
  useEffect(() => {
    if (finished) status.current?.focus();
  }, [finished]);

  const press = async () => {
    if (sending) return;
    setSending(true);
    setError(null);
    const answer = await send(token);
    setSending(false);
    if (answer.ok) setFinished(true);
    else setError(answer.message);
  };

  return (
    <div className="space-y-4">
      {!finished && (
        <button
          type="button"
          aria-disabled={sending}
          aria-busy={sending}
          onClick={() => void press()}
          className={`${className} aria-busy:cursor-wait aria-busy:opacity-70`}
        >
          {sending ? busy : label}
        </button>
      )}
      <p ref={status} role="status" tabIndex={-1} className={finished ? 'text-ivory outline-none' : 'sr-only'}>
        {finished ? done : ''}
      </p>
      {error && (
        <p role="alert" className="rounded-lg border border-sold/40 bg-sold/10 px-3 py-2 text-sm text-sold">
          {error}
        </p>
      )}
    </div>
  );
}
