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
  /** The brand and sort kept, as hidden fields the form sends along without JavaScript. */
  children: ReactNode;
};

/**
 * SPEC §2's search box: a GET form (`?q=`) that works without scripts; with them, the results
 * follow the typing (a pause of SEARCH_DELAY_MS, or Enter), each search replacing the current
 * history entry through the App Router, the brand and sort kept, from the first page. The field
 * keeps what is typed itself: the views it asks for never reset it, others set it.
 */
export function ListingSearch({ action, query: shown, children }: ListingSearchProps) {
  const router = useRouter();
  const field = useRef<HTMLInputElement>(null);
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
    if (field.current) field.current.value = shown;
  }, [shown]);

  const search = () => {
    clearTimeout(timer.current);
    const query = field.current?.value.trim() ?? '';
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
      role="search"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        search();
      }}
      className="flex min-w-0 flex-1"
    >
      <input
        ref={field}
        type="search"
        name="q"
        defaultValue={shown}
        maxLength={100}
        onChange={() => {
          clearTimeout(timer.current);
          timer.current = setTimeout(search, SEARCH_DELAY_MS);
        }}
        placeholder="Search watches..."
        aria-label="Search watches"
        className="min-w-0 flex-1 rounded-full border border-line bg-surface px-5 py-2.5 text-ivory placeholder:text-muted focus:border-gold"
      />
      {children}
    </form>
  );
}
