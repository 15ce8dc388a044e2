'use client';

import { useId, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { BELOW_LABEL, EMAIL_LABEL } from './alert-copy';
import type { AlertSubject } from './alert-subject';
import { useAlertForm } from './use-alert-form';

const INPUT =
  'mt-1.5 block w-full rounded-lg border border-line bg-ink px-3 py-2.5 text-ivory placeholder:text-muted/70 focus:border-gold focus:outline-none';

type AlertFormProps = {
  subject: AlertSubject;
  signedIn: boolean;
  submitLabel: string;
  /** Told once the server took the request: the form goes, so focus must go somewhere. */
  onDone: () => void;
};

const SUBMIT = `${buttonClass('primary')} w-full aria-busy:cursor-wait aria-busy:opacity-70`;

/**
 * The alert dialog's form. Its fields are read as sent (FormData), never reset: whatever the
 * answer, what the shopper typed stays.
 */
export function AlertForm({ subject, signedIn, submitLabel, onDone }: AlertFormProps) {
  const id = useId();
  const { sending, emailHint, error, done, asksEmail, send } = useAlertForm(subject, signedIn);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : undefined;
    };
    if (await send({ email: text('email'), below: text('below') })) onDone();
  };

  return (
    <>
      {done === null && (
        <form onSubmit={(event) => void submit(event)} className="mt-6 space-y-4" aria-describedby={error ? errorId : undefined}>
          {subject.kind === 'watch' && subject.available && (
            <div>
              <label htmlFor={`${id}-below`} className="text-sm text-muted">
                {BELOW_LABEL}
              </label>
              <input id={`${id}-below`} name="below" type="text" inputMode="decimal" autoComplete="off" className={INPUT} />
            </div>
          )}
          {asksEmail && (
            <div>
              <label htmlFor={`${id}-email`} className="text-sm text-muted">
                {EMAIL_LABEL}
              </label>
              <input
                id={`${id}-email`}
                name="email"
                type="email"
                autoComplete="email"
                required
                // Shown after a first try: the shopper's next step is this field.
                autoFocus={emailHint !== null}
                aria-describedby={emailHint ? hintId : undefined}
                className={INPUT}
              />
              {emailHint && (
                <p id={hintId} className="mt-1.5 text-sm text-muted">
                  {emailHint}
                </p>
              )}
            </div>
          )}
          {error && (
            <p id={errorId} role="alert" className="rounded-lg border border-sold/40 bg-sold/10 px-3 py-2 text-sm text-sold">
              {error}
            </p>
          )}
          <button type="submit" aria-disabled={sending} aria-busy={sending} className={SUBMIT}>
            {sending ? 'Sending…' : submitLabel}
          </button>
        </form>
      )}
      {/* Always there, so that the words put in it are announced. */}
      <p role="status" className={done ? 'mt-6 text-ivory' : 'sr-only'}>
        {done}
      </p>
    </>
  );
}
