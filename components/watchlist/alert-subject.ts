/**
 * What a shopper asks to be told about (issue 52): a watch, whose page knows whether it can be
 * bought now, or the search a listing shows at the moment of the press.
 */
export type AlertSubject = { kind: 'watch'; watchId: string; available: boolean } | { kind: 'search' };
