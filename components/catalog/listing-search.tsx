'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, type ReactNode } from 'react';

/** How long the search waits after the last key before asking for its results. */
const SEARCH_DELAY_MS = 250;

type ListingSearchProps = {
  /** The listing's path, where the form sends its fields. */
  action: string;
  /** The search shown. */
  query: string;
  /** The form's look, from the server (listing-view.tsx), as the field's. */
  className: string;
  /**
   * The search field (`name="q"`, drawn by the server: its look and words are no script's) and the
   * brand and sort kept, as hidden fields the form sends along without JavaScript.
   */
  children: ReactNode;
};

/**
 * SPEC §2's search box: a GET form (`?q=`) that works without scripts; with them, the results
 * follow the typing (a pause of SEARCH_DELAY_MS, or Enter), each search replacing the current
 * history entry through the App Router, the brand and sort kept, from the first page. The field
 * keeps what is typed itself: the views it asks for never reset it, others set it.
 */
export function ListingSearch({ action, query: shown, className, children }: ListingSearchProps) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const field = () => form.current?.elements.namedItem('q') as HTMLInputElement | null;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The search last asked for, and every one the typing asked for since the box was last set: a
  // view that arrives for one of them is the typing's own, even while more is typed.
  const asked = useRef(shown);
  const typed = useRef(new Set<string>());

  useEffect(() => () => clearTimeout(timer.current), []);

  // A view the typing did not ask for (Back, Forward, Clear Filters): the box shows its search.
  useEffect(() => {
    if (shown === asked.current || typed.current.has(shown)) return;
    clearTimeout(timer.current);
    typed.current.clear();
    asked.current = shown;
    const box = field();
    if (box) box.value = shown;
  }, [shown]);

  const search = () => {
    clearTimeout(timer.current);
    const query = field()?.value.trim() ?? '';
    if (query === asked.current) return;
    asked.current = query;
    typed.current.add(query);
    // The view shown when the search is made (a brand pressed while typing included), in the same
    // order, from its first page.
    const params = new URLSearchParams(location.search);
    params.delete('q');
    params.delete('page');
    if (query !== '') params.set('q', query);
    router.replace(params.size > 0 ? `${location.pathname}?${params}` : location.pathname, { scroll: false });
  };

  return (
    <form
      ref={form}
      role="search"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        search();
      }}
      // The field's typing, which bubbles here as React's change events do (the form's other
      // fields are hidden: nobody changes them).
      onChange={() => {
        clearTimeout(timer.current);
        timer.current = setTimeout(search, SEARCH_DELAY_MS);
      }}
      className={className}
    >
      {children}
    </form>
  );
}
