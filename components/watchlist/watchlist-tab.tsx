import type { ReadOutcome } from '@/lib/read-or-failed';
import type { Watchlist } from '@/lib/watchlist/types';
import { WatchlistPanel } from './watchlist-panel';

/** My Orders › Watchlist as read on the server: the panel, or why it is not there (the orders still are). */
export function WatchlistTab({ read }: { read: ReadOutcome<Watchlist> }) {
  if ('failed' in read) {
    return (
      <p role="alert" className="rounded-xl border border-sold/40 bg-surface p-6 text-sold">
        Your watchlist could not be loaded. Please reload the page.
      </p>
    );
  }
  return <WatchlistPanel watchlist={read.value} />;
}
