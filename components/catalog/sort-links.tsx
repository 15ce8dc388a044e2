'use client';

import type { MouseEvent } from 'react';
import { listingHref } from '@/lib/catalog/listing-url';
import type { ListingRequest, ListingSort } from '@/lib/catalog/pages';
import { chip, chipChosen, chipOther } from './listing-chips';

const SORT_LABELS: Record<ListingSort, string> = {
  shuffle: 'Shuffled',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
};

type SortLinksProps = {
  request: ListingRequest;
  onChoose: (sort: ListingSort, event: MouseEvent) => void;
};

/** The listing's orders, as links (`?sort=newest`) that work without scripts; the search and brand are kept. */
export function SortLinks({ request, onChoose }: SortLinksProps) {
  return (
    <nav aria-label="Sort" className="flex flex-wrap items-center gap-2">
      {(Object.keys(SORT_LABELS) as ListingSort[]).map((sort) => {
        const chosen = sort === request.sort;
        return (
          <a
            key={sort}
            href={listingHref({ ...request, sort, seed: null, page: 1 })}
            aria-current={chosen ? 'true' : undefined}
            onClick={(event) => onChoose(sort, event)}
            className={`${chip} px-3 py-1 text-xs ${chosen ? chipChosen : chipOther}`}
          >
            {SORT_LABELS[sort]}
          </a>
        );
      })}
    </nav>
  );
}
