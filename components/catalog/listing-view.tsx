import { ShopLink } from '@/components/ui/shop-link';
import { SAVE_SEARCH, saveSearchHref } from '@/components/watchlist/save-search-link';
import { listingState } from '@/lib/catalog/listing';
import { LISTING_PATHS, listingHref, nextSeed, type ListingPageData } from '@/lib/catalog/listing-url';
import type { ListingRequest } from '@/lib/catalog/pages';
import { facetParams, type FacetCounts } from '@/lib/catalog/facets';
import { BrandFilter } from './brand-filter';
import { FacetPanel } from './facet-panel';
import { chip, chipAction } from './listing-chips';
import { CLEAR_FILTERS, NO_MATCH_HINT, type SearchableListingCopy } from './listing-copy';
import { ListingGrid } from './listing-grid';
import { ListingSearch } from './listing-search';
import { EmptyState } from './listing-states';
import { NavigationForm } from './navigation-form';
import { SortLinks } from './sort-links';
import { WATCH_GRID, WatchGridItems } from './watch-grid';

type ListingViewProps = {
  /** The page the server read for the address (listing-section.tsx). */
  page: ListingPageData;
  /** The brand filter's options: 'All Brands' then each brand, or none. */
  brands: string[];
  /** How many watches each choice of the collector's filters would leave. */
  facetCounts: FacetCounts;
  copy: SearchableListingCopy;
  label: string;
};

/**
 * /watches and /crypto-editions (SPEC §2, issue 34): a page of 24 cards, the search, Shuffle, the
 * brand filter, the sort and Show more, rendered by the server for the address. Each control is a
 * link or a GET form the browser follows by itself, so the listing works before its scripts run
 * and without them; once they run, the App Router follows them without loading a document, and
 * Back returns through them. Show more appends the next page (listing-grid.tsx).
 */
export function ListingView({ page, brands, facetCounts, copy, label }: ListingViewProps) {
  const { request, watches, total } = page;
  const state = listingState(total, request);
  if (state === 'empty') return <EmptyState title={copy.emptyTitle} message={copy.emptyMessage} />;
  const path = LISTING_PATHS[request.listing];
  const shuffled = { ...request, seed: nextSeed(request.seed), page: 1 };

  return (
    // Closer on phones: the sort row's height is taken back, four cards stay within two screens.
    <div className="flex flex-col gap-6 sm:gap-8">
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row">
          <ListingSearch action={path} query={request.query} className="flex min-w-0 flex-1">
            <input
              type="search"
              name="q"
              defaultValue={request.query}
              maxLength={100}
              placeholder="Search watches..."
              aria-label="Search watches"
              className="min-w-0 flex-1 rounded-full border border-line bg-surface px-5 py-2.5 text-ivory placeholder:text-muted focus:border-gold"
            />
            <KeptParameters request={request} />
          </ListingSearch>
          {/* Each press asks for the next seed's order; the address carries the seed. */}
          <NavigationForm action={path} href={listingHref(shuffled)}>
            {request.query !== '' && <input type="hidden" name="q" value={request.query} />}
            <KeptParameters request={request} />
            <button type="submit" name="seed" value={shuffled.seed} className={`${chip} ${chipAction} w-full sm:w-auto`}>
              Shuffle
            </button>
          </NavigationForm>
        </div>
        {brands.length > 0 && <BrandFilter options={brands} request={request} />}
        <FacetPanel request={request} counts={facetCounts} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-muted" aria-live="polite">
              {/* One text, so that the server HTML reads "1,284 watches" as a crawler sees it. */}
              {`${total.toLocaleString('en-US')} ${total === 1 ? 'watch' : 'watches'}`}
            </p>
            {/* A link to the form, not a dialog: the listings' first load carries no code for it. What
                a search matches is its filters: the order and the page are left out. */}
            <ShopLink href={saveSearchHref(listingHref({ ...request, sort: 'shuffle', seed: null, page: 1 }))} prefetch={false} rel="nofollow" className={`${chip} ${chipAction}`}>
              {SAVE_SEARCH}
            </ShopLink>
          </div>
          <SortLinks request={request} />
        </div>
      </div>
      {state === 'no-match' ? (
        <EmptyState title={copy.noMatchTitle} message={NO_MATCH_HINT}>
          {/* Without scripts the form asks for the bare listing; with them the App Router does. */}
          <NavigationForm action={path} href={path}>
            <button type="submit" className={`${chip} ${chipAction} mt-2`}>
              {CLEAR_FILTERS}
            </button>
          </NavigationForm>
        </EmptyState>
      ) : (
        <div className="flex flex-col items-center gap-8">
          {request.page > 1 && (
            <ShopLink href={listingHref({ ...request, page: 1 })} prefetch={false} className={`${chip} ${chipAction} self-start`}>
              ← First page
            </ShopLink>
          )}
          {/* A new view starts with its own cards: the pages appended to the last one go. */}
          <ListingGrid
            key={listingHref(request)}
            listing={request.listing}
            view={listingHref({ ...request, page: 1 })}
            page={request.page}
            pageCount={page.pageCount}
            shown={watches.length}
            label={label}
            classNames={{ grid: WATCH_GRID, more: `${chip} ${chipAction} px-8` }}
          >
            <WatchGridItems watches={watches} />
          </ListingGrid>
        </div>
      )}
    </div>
  );
}

/** The brand, the collector's filters and the sort a form sends along with its own field, so that it keeps the view. */
function KeptParameters({ request }: { request: ListingRequest }) {
  return (
    <>
      {request.brand !== null && <input type="hidden" name="brand" value={request.brand} />}
      {facetParams(request.facets).map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      {request.sort !== 'shuffle' && <input type="hidden" name="sort" value={request.sort} />}
    </>
  );
}
