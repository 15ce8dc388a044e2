'use client';

import { useEffect, useState } from 'react';
import { CONTRACT_COPIED_MS, TIME_CONTRACT_TEXT } from '@/lib/time-token';

const TOOLTIP_ID = 'time-contract-tooltip';

/**
 * The $TIME contract box: a click copies COMING SOON, then a check mark and 'Copied!' show for
 * CONTRACT_COPIED_MS. A clipboard failure is only logged (SPEC §8).
 */
export function ContractBox() {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), CONTRACT_COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(TIME_CONTRACT_TEXT);
      setCopied(true);
    } catch (error) {
      console.error('Copying the $TIME contract failed', error);
    }
  };

  return (
    <div className="group relative">
      <button
        type="button"
        onClick={copy}
        aria-describedby={TOOLTIP_ID}
        className="flex w-full items-center justify-between gap-4 rounded-lg border border-line bg-ink px-4 py-3 text-left font-mono text-sm tracking-widest text-ivory transition-colors hover:border-gold"
      >
        <span>{TIME_CONTRACT_TEXT}</span>
        {copied ? (
          <svg data-testid="contract-copied-check" aria-hidden="true" viewBox="0 0 24 24" className="size-5 text-ok" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M5 12l5 5 9-10" />
          </svg>
        ) : (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 text-muted" fill="none" stroke="currentColor" strokeWidth="1.5">
            <path d="M9 9h10v11H9zM5 15V4h10" />
          </svg>
        )}
      </button>
      <span
        id={TOOLTIP_ID}
        role="tooltip"
        aria-live="polite"
        className={`pointer-events-none absolute -top-10 left-1/2 -translate-x-1/2 rounded-md bg-raised px-3 py-1.5 text-xs whitespace-nowrap text-ivory shadow transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 ${
          copied ? 'opacity-100' : 'opacity-0'
        }`}
      >
        {copied ? 'Copied!' : 'Copy $TIME Contract'}
      </span>
    </div>
  );
}
