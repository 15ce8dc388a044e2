'use client';

import { watchListSearch } from '@/lib/admin/watch-list-query';

type Props = {
  /** The address the links keep (/admin or /admin/upload). */
  pathname: string;
  q: string;
  page: number;
  pageCount: number;
  onGoTo: (page: number) => void;
};

const linkClass = 'rounded border border-line px-3 py-2 hover:border-gold hover:text-gold-bright';

/**
 * The admin grid's pages: real links (?page=2), so paging works before the script runs; once it
 * runs, a press fetches the page in place.
 */
export function WatchGridPager({ pathname, q, page, pageCount, onGoTo }: Props) {
  if (pageCount <= 1) return null;
  const link = (target: number, label: string) => (
    <a
      href={`${pathname}${watchListSearch({ q, page: target })}`}
      className={linkClass}
      onClick={(event) => {
        event.preventDefault();
        onGoTo(target);
      }}
    >
      {label}
    </a>
  );
  return (
    <nav aria-label="Watch pages" className="flex items-center justify-center gap-4 text-sm">
      {page > 1 && link(page - 1, 'Previous')}
      <span aria-current="page">
        Page {page} of {pageCount}
      </span>
      {page < pageCount && link(page + 1, 'Next')}
    </nav>
  );
}
