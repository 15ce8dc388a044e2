/**
 * The marks of lib/presses-before-hydration.ts, apart from its script so that a component that
 * marks an element does not carry the script into the browser's bundle.
 */

/**
 * Marks an element (not a button) whose press is handled by React only. Components write it as a
 * literal attribute, `<article data-hold-press="">`: importing this constant would add a module
 * to every listing's first-load JavaScript for one string.
 */
export const HOLD_PRESS_ATTRIBUTE = 'data-hold-press';
/** Set on an element while its press waits for it to be hydrated (globals.css shows a waiting cursor). */
export const HELD_PRESS_ATTRIBUTE = 'data-press-held';
