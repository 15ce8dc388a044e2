/** "Save this search" on a listing: the form's page, with the listing's address (issue 52). */
export const SAVE_SEARCH = 'Save this search';

export const saveSearchHref = (listingPath: string) => `/watchlist/save?${new URLSearchParams({ search: listingPath })}`;
