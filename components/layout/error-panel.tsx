'use client';

import { serif } from '@/app/fonts';
import { buttonClass } from '@/components/ui/button-styles';

/**
 * What a page that failed to render shows, in the shop's look: SPEC has no text for an
 * unexpected failure, so it says what happened in the words of the listing error states and
 * offers a retry and the way back to the shop. The way back is a plain link: a full page load
 * starts the shop afresh after a failure, and next/link would add its router code to the
 * first-load JavaScript of every page, which carries these boundaries.
 */
export const SERVER_ERROR_TEXT = {
  title: 'Unable to Load This Page',
  message: 'Something went wrong on our side. Please try again.',
  retry: 'Try Again',
  home: 'Back to the Shop',
} as const;

export function ErrorPanel({ reset, digest }: { reset: () => void; digest?: string }) {
  return (
    <div role="alert" className="mx-auto my-16 flex max-w-md flex-col items-center gap-3 rounded-xl border border-sold/40 bg-surface px-6 py-12 text-center">
      <h1 className="font-serif text-3xl text-sold">{SERVER_ERROR_TEXT.title}</h1>
      <p className="text-muted">{SERVER_ERROR_TEXT.message}</p>
      {/* The digest names the server's log entry, so the shop's support can find what failed. */}
      {digest ? <p className="text-xs text-muted">Reference: {digest}</p> : null}
      <div className="mt-3 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={reset} className={buttonClass('primary')}>
          {SERVER_ERROR_TEXT.retry}
        </button>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load on purpose (see above) */}
        <a href="/" className={buttonClass('secondary')}>
          {SERVER_ERROR_TEXT.home}
        </a>
      </div>
    </div>
  );
}

/**
 * The panel on a page of its own, for errors above the shop's layout (no header or footer). It
 * sets the display font itself, rather than app/global-error.tsx on <html>: this module loads only
 * when an error shows, and the font's class names would otherwise be in every page's first load.
 */
export function StandaloneErrorPage({ reset, digest }: { reset: () => void; digest?: string }) {
  return (
    <main className={`${serif.variable} flex min-h-dvh flex-col items-center justify-center px-4`}>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load on purpose (see above) */}
      <a href="/" className="font-serif text-2xl tracking-[0.2em]" aria-label="ORX home">
        ORX
      </a>
      <ErrorPanel reset={reset} digest={digest} />
    </main>
  );
}
