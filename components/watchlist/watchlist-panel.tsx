'use client';

import { ShopLink } from '@/components/ui/shop-link';
import { formatSol } from '@/lib/price/format';
import { useRemovals } from './use-removals';
import type { Watchlist } from '@/lib/watchlist/types';

const REMOVE =
  'shrink-0 rounded-full border border-line px-4 py-2 text-sm text-muted transition hover:border-sold hover:text-sold aria-busy:cursor-wait aria-busy:opacity-70';
const LIST = 'mt-3 divide-y divide-line rounded-xl border border-line bg-surface';
const ROW = 'flex flex-wrap items-center justify-between gap-x-4 gap-y-2 p-4';
/** An item added by typing an address: nothing is sent for it until the address is confirmed. */
const NOT_CONFIRMED = 'Waiting for your confirmation: see our e-mail.';

/** My Orders › Watchlist (issue 52): the pieces the wallet watches and its saved searches, each with Remove. */
export function WatchlistPanel({ watchlist }: { watchlist: Watchlist }) {
  const { removed, removing, failure, said, status, remove } = useRemovals();
  const pieces = watchlist.pieces.filter((piece) => !removed.has(piece.id));
  const searches = watchlist.searches.filter((search) => !removed.has(search.id));

  const removeButton = (id: string, name: string) => (
    <>
      <button
        type="button"
        aria-busy={removing === id}
        aria-disabled={removing !== null}
        onClick={() => void remove(id, name)}
        className={REMOVE}
      >
        {removing === id ? 'Removing…' : 'Remove'}
        <span className="sr-only"> {name}</span>
      </button>
      {failure?.id === id && (
        <p role="alert" className="basis-full text-sm text-sold">
          {failure.message}
        </p>
      )}
    </>
  );

  return (
    <div>
      <p ref={status} role="status" tabIndex={-1} className={said ? 'mb-6 text-sm text-muted outline-none' : 'sr-only'}>
        {said}
      </p>
      <div className="space-y-8">
        {pieces.length === 0 && searches.length === 0 && (
          <p className="rounded-xl border border-line bg-surface p-6 text-muted">You are not watching anything yet.</p>
        )}
        {pieces.length > 0 && (
          <section aria-labelledby="watched-pieces">
            <h2 id="watched-pieces" className="font-serif text-2xl">
              Pieces you watch
            </h2>
            <ul className={LIST}>
              {pieces.map((piece) => {
                const name = `${piece.brand} ${piece.model}`;
                return (
                  <li key={piece.id} className={ROW} data-testid="watched-piece">
                    <div className="min-w-0">
                      <ShopLink
                        href={`/watches/${piece.watchId}`}
                        className="font-serif text-lg break-words text-ivory hover:text-gold-bright"
                      >
                        {name}
                      </ShopLink>
                      <p className="text-sm">
                        <span className={piece.available ? 'text-ok' : 'text-sold'}>{piece.available ? 'Available' : 'Sold out'}</span>
                        {piece.below !== null && <span className="text-muted"> · below {formatSol(Number(piece.below))}</span>}
                      </p>
                      {!piece.confirmed && <p className="text-sm text-muted">{NOT_CONFIRMED}</p>}
                    </div>
                    {removeButton(piece.id, name)}
                  </li>
                );
              })}
            </ul>
          </section>
        )}
        {searches.length > 0 && (
          <section aria-labelledby="saved-searches">
            <h2 id="saved-searches" className="font-serif text-2xl">
              Saved searches
            </h2>
            <ul className={LIST}>
              {searches.map((search) => (
                <li key={search.id} className={ROW} data-testid="saved-search">
                  <div className="min-w-0">
                    <ShopLink href={search.path} className="break-words text-ivory hover:text-gold-bright">
                      {search.label}
                    </ShopLink>
                    {!search.confirmed && <p className="text-sm text-muted">{NOT_CONFIRMED}</p>}
                  </div>
                  {removeButton(search.id, search.label)}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
