'use client';

import { useState } from 'react';
import { alertRequest, type AlertFields } from './alert-request';
import type { AlertSubject } from './alert-subject';
import { askForAlert } from './watchlist-client';

type AlertFormState = {
  sending: boolean;
  /** The server asked for an address (a wallet session with none on file): its words. */
  emailHint: string | null;
  error: string | null;
  /** The server's words once it took the request. */
  done: string | null;
};

const FRESH: AlertFormState = { sending: false, emailHint: null, error: null, done: null };

/**
 * The alert form's one request and what it answered. Signed in with a wallet, the first try sends
 * no address; the address field appears only when the server says the wallet has none on file.
 */
export function useAlertForm(subject: AlertSubject, signedIn: boolean) {
  const [state, setState] = useState(FRESH);
  const asksEmail = !signedIn || state.emailHint !== null;

  const send = async (fields: AlertFields) => {
    if (state.sending) return false;
    setState((before) => ({ ...before, sending: true, error: null }));
    const answer = await askForAlert(alertRequest(subject, fields));
    setState((before) => {
      if (answer.ok) return { ...before, sending: false, done: answer.message };
      if (answer.emailNeeded) return { ...before, sending: false, emailHint: answer.message };
      return { ...before, sending: false, error: answer.message };
    });
    return answer.ok;
  };

  return { ...state, asksEmail, send };
}
