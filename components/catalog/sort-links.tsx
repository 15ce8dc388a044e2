import { ShopLink } from '@/components/ui/shop-link';
import { listingHref } from '@/lib/catalog/listing-url';
import type { ListingRequest, ListingSort } from '@/lib/catalog/pages';
import { chip, chipChosen, chipOther } from './listing-chips';

const SORT_LABELS: Record<ListingSort, string> = {
  shuffle: 'Shuffled',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
};

/** The listing's orders, as links (`?sort=newest`) that work without scripts; the search and brand are kept. */
export function SortLinks({ request }: { request: ListingRequest }) {
  return (
    <nav aria-label="Sort" className="flex flex-wrap items-center gap-2">
      {(Object.keys(SORT_LABELS) as ListingSort[]).map((sort) => {
        const chosen = sort === request.sort;
        return (
          <ShopLink
            key={sort}
            href={listingHref({ ...request, sort, seed: null, page: 1 })}
            prefetch={false}
            scroll={false}
            aria-current={chosen ? 'true' : undefined}
            className={`${chip} px-3 py-1 text-xs ${chosen ? chipChosen : chipOther}`}
          >
            {SORT_LABELS[sort]}
          </ShopLink>
        );
      })}
    </nav>
  );
}
