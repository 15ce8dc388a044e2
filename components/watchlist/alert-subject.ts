/**
 * What a shopper asks to be told about (issue 52): a watch, whose page knows whether it can be
 * bought now, or a listing's search, by its address (the listing's link to /watchlist/save).
 */
export type AlertSubject = { kind: 'watch'; watchId: string; available: boolean } | { kind: 'search'; path: string };
