/**
 * Spread on an element of a page whose rendering must not be served again: an error or a loading
 * state, which must give way to the page as soon as the catalogue can be read.
 */
export const DO_NOT_KEEP = { 'data-document-cache': 'skip' } as const;

/**
 * How DO_NOT_KEEP reads in the rendered HTML. Written from constants only: a computed value (a
 * call) would stay in every browser bundle that shows an error state, used or not.
 */
export const DO_NOT_KEEP_HTML = `data-document-cache="${DO_NOT_KEEP['data-document-cache']}"`;
