/** The exact texts of each listing's states (SPEC §2, §8). */
export type ListingCopy = {
  loading: string;
  errorTitle: string;
  errorMessage: string;
  emptyTitle: string;
  emptyMessage: string;
};

/** A listing with search and brand filter also says when they match nothing. */
export type SearchableListingCopy = ListingCopy & { noMatchTitle: string };

export const NO_MATCH_HINT = 'Try adjusting your search or filter criteria.';
export const CLEAR_FILTERS = 'Clear Filters';

export const WATCHES_COPY: SearchableListingCopy = {
  loading: 'Loading luxury timepieces...',
  errorTitle: 'Unable to Load Watches',
  errorMessage: 'Failed to load watches',
  noMatchTitle: 'No Watches Found',
  emptyTitle: 'No Watches Available',
  emptyMessage: 'New luxury timepieces will be added soon.',
};

export const FEATURED_COPY: ListingCopy = {
  loading: 'Loading featured collection...',
  errorTitle: 'Unable to Load Featured Collection',
  errorMessage: 'Failed to load featured watches',
  emptyTitle: 'No Featured Watches Available',
  emptyMessage: 'Our featured collection will be updated soon with new luxury timepieces.',
};

export const CRYPTO_EDITIONS_COPY: SearchableListingCopy = {
  loading: 'Loading crypto edition timepieces...',
  errorTitle: 'Unable to Load Crypto Editions',
  errorMessage: 'Failed to load crypto edition watches',
  noMatchTitle: 'No Crypto Editions Found',
  emptyTitle: 'No Crypto Editions Available',
  emptyMessage: 'New blockchain timepieces will be added soon.',
};
