'use client';

import { useEffect, useRef, type MouseEvent } from 'react';
import { ALL_BRANDS } from '@/lib/catalog/listing';
import { listingHref } from '@/lib/catalog/listing-url';
import type { ListingRequest } from '@/lib/catalog/pages';
import { chip, chipChosen, chipOther } from './listing-chips';

type BrandFilterProps = {
  /** 'All Brands' then each brand (lib/catalog/listing.ts brandFilterOptions). */
  options: string[];
  request: ListingRequest;
  /** A plain press: the listing shows the brand itself, without loading the page. */
  onChoose: (brand: string | null, event: MouseEvent) => void;
};

/**
 * SPEC §2's brand filter, as links (`?brand=Rolex`; 'All Brands' has none): they work before the
 * page's scripts and without them. The search and sort are kept, the page and seed are not.
 */
export function BrandFilter({ options, request, onChoose }: BrandFilterProps) {
  const row = useRef<HTMLDivElement>(null);

  // On phones the brands scroll sideways in one row: keep the chosen one (e.g. from ?brand=) in view.
  // The row alone scrolls, never the page: a shopper who scrolled down before the page was
  // interactive would be taken back up, and their press would land elsewhere.
  useEffect(() => {
    const group = row.current;
    const chosen = group?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!group || !chosen) return;
    // As little as it takes: between showing the brand at the row's right end and at its left.
    const left = chosen.offsetLeft - group.offsetLeft;
    group.scrollLeft = Math.min(Math.max(group.scrollLeft, left + chosen.offsetWidth - group.clientWidth), left);
  }, [request.brand]);

  return (
    <div
      ref={row}
      role="group"
      aria-label="Filter by brand"
      // On phones one row that scrolls, its end faded (globals.css); the room after the last
      // brand lets it clear the fade once scrolled to.
      className="-mx-5 flex gap-2 overflow-x-auto px-5 pb-1 [scrollbar-width:thin] max-sm:scroll-fade-end max-sm:pr-12 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0"
    >
      {options.map((option) => {
        const brand = option === ALL_BRANDS ? null : option;
        const chosen = brand === request.brand;
        return (
          <a
            key={option}
            href={listingHref({ ...request, brand, seed: null, page: 1 })}
            aria-current={chosen ? 'true' : undefined}
            onClick={(event) => onChoose(brand, event)}
            className={`${chip} shrink-0 whitespace-nowrap ${chosen ? chipChosen : chipOther}`}
          >
            {option}
          </a>
        );
      })}
    </div>
  );
}
