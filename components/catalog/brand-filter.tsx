import { ShopLink } from '@/components/ui/shop-link';
import { ALL_BRANDS } from '@/lib/catalog/listing';
import { listingHref } from '@/lib/catalog/listing-url';
import type { ListingRequest } from '@/lib/catalog/pages';
import { ChosenBrandInView } from './chosen-brand-in-view';
import { chip, chipChosen, chipOther } from './listing-chips';

type BrandFilterProps = {
  /** 'All Brands' then each brand (lib/catalog/listing.ts brandFilterOptions). */
  options: string[];
  request: ListingRequest;
};

/**
 * SPEC §2's brand filter, as links (`?brand=Rolex`; 'All Brands' has none): they work before the
 * page's scripts and without them, and through the App Router with them. The search and sort are
 * kept, the page and seed are not.
 */
export function BrandFilter({ options, request }: BrandFilterProps) {
  return (
    <div
      role="group"
      aria-label="Filter by brand"
      // On phones one row that scrolls, its end faded (globals.css); the room after the last
      // brand lets it clear the fade once scrolled to.
      className="-mx-5 flex gap-2 overflow-x-auto px-5 pb-1 [scrollbar-width:thin] max-sm:scroll-fade-end max-sm:pr-12 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0"
    >
      <ChosenBrandInView chosen={request.brand} />
      {options.map((option) => {
        const brand = option === ALL_BRANDS ? null : option;
        const chosen = brand === request.brand;
        return (
          <ShopLink
            key={option}
            href={listingHref({ ...request, brand, seed: null, page: 1 })}
            prefetch={false}
            scroll={false}
            aria-current={chosen ? 'true' : undefined}
            className={`${chip} shrink-0 whitespace-nowrap ${chosen ? chipChosen : chipOther}`}
          >
            {option}
          </ShopLink>
        );
      })}
    </div>
  );
}
