'use client';

import { useState } from 'react';
import type { AccountSession } from '@/lib/admin/account-query';
import { adminApi } from '@/lib/admin/api-client';

type Props = { sessions: AccountSession[]; onChanged: (signedOut: boolean) => void };

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The member's sessions, newest first: each open one can be ended, or all at once. */
export function SessionList({ sessions, onChanged }: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function end(id: string | null) {
    setBusy(id ?? 'all');
    setError(null);
    try {
      onChanged((await adminApi.endSessions(id)).signedOut);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Failed to end the session');
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="sessions-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="sessions-heading" className="font-serif text-lg">
          Sessions
        </h3>
        <button
          type="button"
          onClick={() => void end(null)}
          disabled={busy !== null}
          className="rounded border border-sold/60 px-3 py-2 text-sm text-sold hover:border-sold disabled:opacity-60"
        >
          {busy === 'all' ? 'Signing out...' : 'Sign out everywhere'}
        </button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-sold">
          {error}
        </p>
      )}
      <ul className="divide-y divide-line rounded-lg border border-line bg-surface">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
            <div className="min-w-0 space-y-0.5">
              <p className="break-words">
                {session.device || 'Unknown browser'}
                {session.current && <span className="ml-2 rounded bg-ok/10 px-2 py-0.5 text-xs text-ok">This browser</span>}
              </p>
              <p className="text-muted">
                Signed in {when(session.createdAt)} · last seen {when(session.lastSeenAt)}
                {session.address ? ` · from ${session.address}` : ''}
              </p>
            </div>
            {session.open ? (
              <button
                type="button"
                onClick={() => void end(session.id)}
                disabled={busy !== null}
                aria-label={session.current ? 'Sign out this browser' : `Sign out the session signed in ${when(session.createdAt)}`}
                className="rounded border border-line px-3 py-1.5 hover:border-sold hover:text-sold disabled:opacity-60"
              >
                {busy === session.id ? 'Signing out...' : 'Sign out'}
              </button>
            ) : (
              <span className="text-muted">Ended</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
