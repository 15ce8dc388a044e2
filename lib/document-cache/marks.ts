/**
 * Spread on an element of a page whose rendering must not be served again: an error state, which
 * must give way to the page as soon as the catalogue can be read.
 */
export const DO_NOT_KEEP = { 'data-document-cache': 'skip' } as const;

/** How DO_NOT_KEEP reads in the rendered HTML. */
export const DO_NOT_KEEP_HTML = Object.entries(DO_NOT_KEEP)
  .map(([name, value]) => `${name}="${value}"`)
  .join(' ');
