import type { ReactNode } from 'react';
import { DO_NOT_KEEP } from '@/lib/document-cache/marks';

/**
 * The loading state of a listing: sent in the document when the server is slow to read the
 * catalogue (components/layout/in-document-when-ready.tsx). A page showing it is not kept by the
 * document cache: a browser without scripts would see nothing else, and the next load is quick.
 */
export function LoadingState({ text }: { text: string }) {
  // At least a screen tall: the content that streams in below it then does not push the footer
  // (and the rest of the first screen) around (layout shift).
  return (
    <div role="status" {...DO_NOT_KEEP} className="flex min-h-svh flex-col items-center gap-4 py-24 text-muted">
      <span aria-hidden className="size-10 animate-spin rounded-full border-2 border-line border-t-gold motion-reduce:animate-none" />
      <p>{text}</p>
    </div>
  );
}

/**
 * The error state, shown in place of the listing when the catalogue cannot be read. A page showing
 * it is not kept by the document cache: the next load tries the catalogue again.
 */
export function ErrorState({ title, message }: { title: string; message: string }) {
  return (
    <div role="alert" {...DO_NOT_KEEP} className="mx-auto max-w-md rounded-xl border border-sold/40 bg-surface px-6 py-12 text-center">
      <h2 className="font-serif text-2xl text-sold">{title}</h2>
      <p className="mt-2 text-muted">{message}</p>
    </div>
  );
}

/** An empty state: nothing in the catalogue, or nothing matching the search and filter. */
export function EmptyState({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-line bg-surface px-6 py-12 text-center">
      <h2 className="font-serif text-2xl">{title}</h2>
      <p className="text-muted">{message}</p>
      {children}
    </div>
  );
}
