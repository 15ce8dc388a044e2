'use client';

import { MAX_SEARCH_LENGTH } from '@/lib/admin/watch-list-query';
import { inputClass } from './field';

type Props = {
  /** The page the search reloads without the script (/admin or /admin/upload). */
  action: string;
  value: string;
  onType: (text: string) => void;
  onSubmit: () => void;
};

/**
 * The admin grid's search, answered by the server: a GET form (?q=), so Enter searches before the
 * script runs; once it runs, typing searches in place after a pause.
 */
export function WatchSearchForm({ action, value, onType, onSubmit }: Props) {
  return (
    <form
      role="search"
      method="get"
      action={action}
      className="sm:w-full sm:max-w-sm"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <input
        type="search"
        name="q"
        aria-label="Search watches"
        placeholder="Search watches..."
        maxLength={MAX_SEARCH_LENGTH}
        value={value}
        onChange={(event) => onType(event.target.value)}
        className={inputClass}
      />
    </form>
  );
}
