'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState, useTransition } from 'react';
import { removeFromWatchlist } from './watchlist-client';

/**
 * Removing rows of the watchlist one press at a time: a removed row goes at once, the page's data
 * is then read again, and what happened is said in one place that stays (`said`), which takes the
 * focus the pressed button had.
 */
export function useRemovals() {
  const router = useRouter();
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [removing, setRemoving] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ id: string; message: string } | null>(null);
  const [said, setSaid] = useState('');
  const [, startTransition] = useTransition();
  const status = useRef<HTMLParagraphElement>(null);

  const remove = async (id: string, name: string) => {
    if (removing !== null) return;
    setRemoving(id);
    setFailure(null);
    const answer = await removeFromWatchlist(id);
    setRemoving(null);
    if (!answer.ok) return setFailure({ id, message: answer.message });
    setRemoved((before) => new Set(before).add(id));
    setSaid(`${name} removed.`);
    status.current?.focus();
    startTransition(() => router.refresh());
  };

  return { removed, removing, failure, said, status, remove };
}
